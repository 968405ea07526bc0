// Used by prompts (version numbering) and requests (per-request property/eval writes).
// Keyed mutual exclusion for read-modify-write sequences (next version number, production pointer, unique name).
// One process: an in-process promise chain per key. Several processes (REDIS_URL set): a Redis lock taken with
// `SET key token NX PX ttl`, kept alive while held and released only by its owner, so a lock of a dead process
// expires after `ttlMs` instead of blocking forever.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../errors.js';

export interface KeyedLock {
  /** Runs `fn` while no other holder of `key` (in this process, or in any process for the Redis lock) runs. */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/** In-process keyed mutex: callers of one key run one after another, in arrival order. */
export class LocalLock implements KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const tail = prev.then(() => new Promise<void>((resolve) => (release = resolve)));
    this.tails.set(key, tail);
    await prev;
    try {
      return await fn();
    } finally {
      release();
      // The map only holds keys somebody waits on, so it does not grow with the number of prompts.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

// Delete / extend only if the lock still holds our token (another owner may have it after an expiry).
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface RedisLockOptions {
  /** Lock lifetime without renewal: how long a crashed holder blocks others. Renewed every ttlMs/3 while held. */
  ttlMs?: number;
  /** How long a caller waits for the lock before giving up with a 429. */
  waitMs?: number;
  /** Redis key prefix, so test runs and deployments sharing a Redis never collide. */
  prefix?: string;
}

export class RedisLock implements KeyedLock {
  private readonly ttlMs: number;
  private readonly waitMs: number;
  private readonly prefix: string;
  // Waiters of this process queue locally first, so one process does not poll Redis many times for one key.
  private readonly local = new LocalLock();

  constructor(private readonly redis: Redis, opts: RedisLockOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 10_000;
    this.waitMs = opts.waitMs ?? 10_000;
    this.prefix = opts.prefix ?? 'switchyard:lock:';
  }

  withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.local.withLock(key, () => this.withRedisLock(this.prefix + key, fn));
  }

  private async withRedisLock<T>(redisKey: string, fn: () => Promise<T>): Promise<T> {
    const token = randomBytes(16).toString('hex');
    const deadline = Date.now() + this.waitMs;
    let delay = 5;
    while ((await this.redis.set(redisKey, token, 'PX', this.ttlMs, 'NX')) !== 'OK') {
      if (Date.now() > deadline) {
        throw new TooManyRequestsError('another write to this prompt is in progress; retry shortly', 1);
      }
      await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
      delay = Math.min(delay * 2, 100);
    }
    const renew = setInterval(() => {
      this.redis.eval(EXTEND, 1, redisKey, token, String(this.ttlMs)).catch(() => undefined);
    }, Math.max(10, Math.floor(this.ttlMs / 3)));
    renew.unref();
    try {
      return await fn();
    } finally {
      clearInterval(renew);
      // A failed release must not turn a completed write into an error (the caller would retry it); the lock
      // then expires after ttlMs.
      await this.redis.eval(RELEASE, 1, redisKey, token).catch(() => undefined);
    }
  }
}
