// Delivery runs off the request path, through one small queue contract with two implementations:
// BullMQ on Redis when REDIS_URL is set (jobs survive restarts; any process with a worker delivers), or an
// in-process queue otherwise. Both dedupe on the event id, retry with exponential backoff and jitter, and bound
// the number of attempts; what happens on each attempt (HTTP, recording) is the handler's business.
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { DeliveryJob } from './deliver.js';

/** `retry`: the attempt failed in a way worth retrying and attempts remain; `done`: delivered or given up. */
export type HandlerResult = 'done' | 'retry';
export type DeliveryHandler = (job: DeliveryJob, attempt: number) => Promise<HandlerResult>;

export interface RetryPolicy {
  maxAttempts: number;
  /** Delay before attempt 2; doubles for each further attempt (with up to 20% jitter). */
  baseDelayMs: number;
}

export interface DeliveryQueue {
  /** Queues the jobs; a job whose event id was queued before is ignored. Resolves when they are queued. */
  add(jobs: readonly DeliveryJob[]): Promise<void>;
  close(): Promise<void>;
}

const JITTER = 0.2;

/** Delay after failed attempt `attempt` (1-based): base * 2^(attempt-1), minus up to 20%. */
export function backoffMs(policy: RetryPolicy, attempt: number): number {
  const max = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.round(max * (1 - JITTER * Math.random()));
}

/** Remembers the last `capacity` keys (insertion order), so dedupe memory stays bounded. */
class RecentKeys {
  private readonly keys = new Set<string>();
  constructor(private readonly capacity: number) {}
  /** True if the key is new (and now remembered). */
  add(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.values().next().value!);
    return true;
  }
}

export interface LocalQueueOptions extends RetryPolicy {
  concurrency: number;
  /** Jobs waiting or scheduled beyond this are dropped (and reported), so a dead destination cannot exhaust memory. */
  maxPending: number;
  /** How long close() keeps delivering what is queued before dropping the rest. */
  drainMs: number;
  /** Called for every job that is not delivered because the queue is full or shutting down. */
  onDrop(job: DeliveryJob, attempt: number, reason: string): void;
}

interface Item {
  job: DeliveryJob;
  attempt: number;
}

/** In-process queue: memory only, so jobs still queued at shutdown after the drain window are dropped (reported). */
export class LocalDeliveryQueue implements DeliveryQueue {
  private readonly ready: Item[] = [];
  private readonly scheduled = new Map<NodeJS.Timeout, Item>();
  private readonly seen = new RecentKeys(100_000);
  private running = 0;
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly handler: DeliveryHandler,
    private readonly opts: LocalQueueOptions,
  ) {}

  private get pending(): number {
    return this.ready.length + this.scheduled.size + this.running;
  }

  async add(jobs: readonly DeliveryJob[]): Promise<void> {
    for (const job of jobs) {
      if (!this.seen.add(job.eventId)) continue;
      if (this.closed) this.opts.onDrop(job, 1, 'server shutting down');
      else if (this.pending >= this.opts.maxPending) this.opts.onDrop(job, 1, `delivery queue full (${this.opts.maxPending})`);
      else this.ready.push({ job, attempt: 1 });
    }
    this.pump();
  }

  private pump(): void {
    while (this.running < this.opts.concurrency && this.ready.length > 0) {
      const item = this.ready.shift()!;
      this.running++;
      void this.run(item);
    }
    if (this.pending === 0) this.wake?.();
  }

  private async run(item: Item): Promise<void> {
    let result: HandlerResult = 'done';
    try {
      result = await this.handler(item.job, item.attempt);
    } catch {
      // The handler records its own failures; an exception here counts as a retryable failure.
      result = item.attempt < this.opts.maxAttempts ? 'retry' : 'done';
    }
    this.running--;
    if (result === 'retry') {
      const next = { job: item.job, attempt: item.attempt + 1 };
      const timer = setTimeout(() => {
        this.scheduled.delete(timer);
        this.ready.push(next);
        this.pump();
      }, backoffMs(this.opts, item.attempt));
      timer.unref();
      this.scheduled.set(timer, next);
    }
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.pending > 0) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, this.opts.drainMs).unref();
      });
    }
    for (const [timer, item] of this.scheduled) {
      clearTimeout(timer);
      this.opts.onDrop(item.job, item.attempt, 'server shut down before the retry');
    }
    this.scheduled.clear();
    for (const item of this.ready.splice(0)) this.opts.onDrop(item.job, item.attempt, 'server shut down before delivery');
    // Attempts in flight finish (each is bounded by the HTTP timeout) and record themselves.
    while (this.running > 0) await new Promise((r) => setTimeout(r, 20));
  }
}

export interface BullQueueOptions extends RetryPolicy {
  redisUrl: string;
  /** BullMQ key prefix: deployments (and test runs) sharing a Redis use different prefixes. */
  prefix: string;
  concurrency: number;
  /** False in processes that only enqueue (another process delivers). */
  runWorker: boolean;
  onError(err: unknown): void;
}

export const QUEUE_NAME = 'webhook-delivery';

/** BullMQ queue: jobs live in Redis until delivered or out of attempts; completed ones are kept a day for dedupe. */
export class BullDeliveryQueue implements DeliveryQueue {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private readonly worker: Worker | undefined;

  constructor(handler: DeliveryHandler, opts: BullQueueOptions) {
    // BullMQ needs maxRetriesPerRequest: null on connections used by workers.
    this.connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(QUEUE_NAME, {
      connection: this.connection,
      prefix: opts.prefix,
      defaultJobOptions: {
        attempts: opts.maxAttempts,
        backoff: { type: 'exponential', delay: opts.baseDelayMs, jitter: JITTER },
        // Kept so a re-sent event id within a day is recognised and not delivered twice.
        removeOnComplete: { age: 24 * 3600, count: 100_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    });
    this.queue.on('error', opts.onError);
    if (opts.runWorker) {
      this.worker = new Worker<DeliveryJob>(
        QUEUE_NAME,
        async (job) => {
          // attemptsMade counts the failed attempts before this one.
          if ((await handler(job.data, job.attemptsMade + 1)) === 'retry') throw new Error('delivery failed; retrying');
        },
        { connection: this.connection, prefix: opts.prefix, concurrency: opts.concurrency },
      );
      this.worker.on('error', opts.onError);
    }
  }

  async add(jobs: readonly DeliveryJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(jobs.map((job) => ({ name: job.eventType, data: job, opts: { jobId: job.eventId } })));
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
