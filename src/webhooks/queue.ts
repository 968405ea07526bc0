// Delivery runs off the request path, through one small queue contract with two implementations:
// BullMQ on Redis when REDIS_URL is set (jobs survive restarts; any process with a worker delivers), or an
// in-process queue otherwise. Both dedupe on the event id, retry with exponential backoff and jitter, and bound
// the number of attempts; what happens on each attempt (HTTP, recording) is the handler's business.
// Both also cap what one organisation may hold (attempts in flight; in-process also queued events), so a tenant whose
// destination hangs cannot take every delivery slot or fill the queue and starve the others.
import { DelayedError, Queue, Worker } from 'bullmq';
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

const count = (m: Map<string, number>, key: string) => m.get(key) ?? 0;
/** Adds `by` to a per-key counter, forgetting keys that reach 0 (organisations come and go). */
function bump(m: Map<string, number>, key: string, by: number): void {
  const n = count(m, key) + by;
  if (n > 0) m.set(key, n);
  else m.delete(key);
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
  /** Attempts in flight for one organisation (of `concurrency`). */
  orgConcurrency: number;
  /** Jobs waiting or scheduled beyond this are dropped (and reported), so a dead destination cannot exhaust memory. */
  maxPending: number;
  /** The same bound for one organisation's jobs, so one tenant cannot fill the queue for all. */
  maxPendingPerOrg: number;
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
  /** Ready jobs per organisation, FIFO; the map's order is the round-robin order in which organisations get a slot. */
  private readonly ready = new Map<string, Item[]>();
  private readonly scheduled = new Map<NodeJS.Timeout, Item>();
  private readonly seen = new RecentKeys(100_000);
  /** Per organisation: attempts in flight, and jobs held in any state (ready, scheduled, in flight). */
  private readonly running = new Map<string, number>();
  private readonly held = new Map<string, number>();
  private readyCount = 0;
  private runningCount = 0;
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly handler: DeliveryHandler,
    private readonly opts: LocalQueueOptions,
  ) {}

  private get pending(): number {
    return this.readyCount + this.scheduled.size + this.runningCount;
  }

  async add(jobs: readonly DeliveryJob[]): Promise<void> {
    for (const job of jobs) {
      if (!this.seen.add(job.eventId)) continue;
      const org = job.organizationId;
      if (this.closed) this.opts.onDrop(job, 1, 'server shutting down');
      else if (this.pending >= this.opts.maxPending) this.opts.onDrop(job, 1, `delivery queue full (${this.opts.maxPending})`);
      else if (count(this.held, org) >= this.opts.maxPendingPerOrg) {
        this.opts.onDrop(job, 1, `delivery queue full for this organisation (${this.opts.maxPendingPerOrg})`);
      } else {
        bump(this.held, org, 1);
        this.push({ job, attempt: 1 });
      }
    }
    this.pump();
  }

  private push(item: Item): void {
    const org = item.job.organizationId;
    const list = this.ready.get(org);
    if (list) list.push(item);
    else this.ready.set(org, [item]);
    this.readyCount++;
  }

  /** The next job of the first organisation (round robin) below its in-flight cap. */
  private take(): Item | undefined {
    for (const [org, list] of this.ready) {
      if (count(this.running, org) >= this.opts.orgConcurrency) continue;
      const item = list.shift()!;
      this.ready.delete(org);
      if (list.length > 0) this.ready.set(org, list); // to the back of the round
      this.readyCount--;
      return item;
    }
    return undefined;
  }

  private pump(): void {
    while (this.runningCount < this.opts.concurrency) {
      const item = this.take();
      if (!item) break;
      this.runningCount++;
      bump(this.running, item.job.organizationId, 1);
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
    this.runningCount--;
    bump(this.running, item.job.organizationId, -1);
    if (result === 'retry') {
      const next = { job: item.job, attempt: item.attempt + 1 };
      const timer = setTimeout(() => {
        this.scheduled.delete(timer);
        this.push(next);
        this.pump();
      }, backoffMs(this.opts, item.attempt));
      timer.unref();
      this.scheduled.set(timer, next);
    } else {
      bump(this.held, item.job.organizationId, -1);
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
    for (const item of [...this.ready.values()].flat()) this.opts.onDrop(item.job, item.attempt, 'server shut down before delivery');
    this.ready.clear();
    this.readyCount = 0;
    // Attempts in flight finish (each is bounded by the HTTP timeout) and record themselves.
    while (this.runningCount > 0) await new Promise((r) => setTimeout(r, 20));
  }
}

export interface BullQueueOptions extends RetryPolicy {
  redisUrl: string;
  /** BullMQ key prefix: deployments (and test runs) sharing a Redis use different prefixes. */
  prefix: string;
  concurrency: number;
  /** Attempts in flight for one organisation in this worker; more of its jobs are put back (delayed) meanwhile. */
  orgConcurrency: number;
  /** False in processes that only enqueue (another process delivers). */
  runWorker: boolean;
  onError(err: unknown): void;
}

export const QUEUE_NAME = 'webhook-delivery';
/** How long a job of an organisation at its cap waits before it is picked up again (plus up to as much jitter). */
const PUT_BACK_MS = 250;

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
      const inFlight = new Map<string, number>();
      this.worker = new Worker<DeliveryJob>(
        QUEUE_NAME,
        async (job, token) => {
          const org = job.data.organizationId;
          if (count(inFlight, org) >= opts.orgConcurrency) {
            // The organisation has its share of slots: back to the delayed set (not counted as an attempt), so this
            // slot serves other organisations' jobs.
            await job.moveToDelayed(Date.now() + PUT_BACK_MS + Math.round(PUT_BACK_MS * Math.random()), token);
            throw new DelayedError();
          }
          bump(inFlight, org, 1);
          try {
            // attemptsMade counts the failed attempts before this one.
            if ((await handler(job.data, job.attemptsMade + 1)) === 'retry') throw new Error('delivery failed; retrying');
          } finally {
            bump(inFlight, org, -1);
          }
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
