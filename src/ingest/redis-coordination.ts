// Coordination on Redis, for several API and worker processes. Keys live under `<prefix>:req:`; organisation and
// request ids are URI-encoded so `:` inside them cannot make two keys collide.
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../errors.js';
import { RedisLock } from '../locks/keyed-lock.js';
import type { Coordination, Mutation } from './coordination.js';

// Drop the stored head of the pending list; forget the request in the org's pending set once the list is empty.
const DROP_PENDING = `redis.call('LTRIM', KEYS[1], ARGV[1], -1)
if redis.call('LLEN', KEYS[1]) == 0 then redis.call('SREM', KEYS[2], ARGV[2]) end
return 1`;

const enc = encodeURIComponent;

/** Results of a MULTI, throwing the first command error instead of passing it on as data. */
export async function execMulti(multi: { exec(): Promise<[Error | null, unknown][] | null> }): Promise<unknown[]> {
  const res = await multi.exec();
  if (!res) throw new Error('redis transaction aborted');
  for (const [err] of res) if (err) throw err;
  return res.map(([, v]) => v);
}

export class RedisCoordination implements Coordination {
  private readonly lock: RedisLock;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    lock: { ttlMs: number; waitMs: number } = { ttlMs: 10_000, waitMs: 30_000 },
  ) {
    this.lock = new RedisLock(redis, { ...lock, prefix: `${prefix}:req:lock:` });
  }

  private key(kind: string, org: string, id?: string): string {
    return `${this.prefix}:req:${kind}:${enc(org)}${id === undefined ? '' : `:${enc(id)}`}`;
  }

  async withLock<T>(org: string, id: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await this.lock.withLock(`${enc(org)}:${enc(id)}`, fn);
    } catch (err) {
      // The only 429 here is the lock wait running out (the shared lock words it for prompts).
      if (err instanceof TooManyRequestsError) throw new TooManyRequestsError('request is busy with other updates; retry shortly', 1);
      throw err;
    }
  }

  async markInFlight(org: string, ids: readonly string[]): Promise<void> {
    if (ids.length) await this.redis.sadd(this.key('inflight', org), ...ids);
  }

  async landed(org: string, ids: readonly string[]): Promise<string[]> {
    if (!ids.length) return [];
    const res = await execMulti(
      this.redis.multi().srem(this.key('inflight', org), ...ids).smismember(this.key('pendingset', org), ...ids),
    );
    const flags = res[1] as number[];
    return ids.filter((_, i) => flags[i] === 1);
  }

  async isInFlight(org: string, id: string): Promise<boolean> {
    return (await this.redis.sismember(this.key('inflight', org), id)) === 1;
  }

  async pushPending(org: string, id: string, mutations: readonly Mutation[]): Promise<void> {
    if (!mutations.length) return;
    await execMulti(
      this.redis
        .multi()
        .rpush(this.key('pending', org, id), ...mutations.map((m) => JSON.stringify(m)))
        .sadd(this.key('pendingset', org), id),
    );
  }

  async peekPending(org: string, id: string): Promise<Mutation[]> {
    const list = await this.redis.lrange(this.key('pending', org, id), 0, -1);
    return list.map((s) => JSON.parse(s) as Mutation);
  }

  async dropPending(org: string, id: string, count: number): Promise<void> {
    if (count <= 0) return;
    await this.redis.eval(DROP_PENDING, 2, this.key('pending', org, id), this.key('pendingset', org), String(count), id);
  }

  async close(): Promise<void> {}
}
