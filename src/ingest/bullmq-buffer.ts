// The producer side of the BullMQ buffer. Submissions that arrive within a few milliseconds share one job (a
// micro-batch); each caller is answered once that job is in Redis, which is when its rows are durable.
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { TooManyRequestsError } from '../errors.js';
import { BufferUnavailableError, RETRY_AFTER_SECONDS, rowsOf, type IngestBuffer } from './buffer.js';
import type { BufferedRowCounter, IngestJob, JobRetryPolicy } from './bullmq-shared.js';
import type { Coordination } from './coordination.js';
import type { BatchPart } from './writer.js';

export interface BullmqBufferOptions {
  batchRows: number;
  maxBufferedRows: number;
  /** How long a submission waits for others to share its job. */
  lingerMs: number;
  retry: JobRetryPolicy;
}

interface Waiter {
  part: BatchPart;
  resolve(): void;
  reject(err: unknown): void;
}

export class BullmqBuffer implements IngestBuffer {
  readonly mode = 'bullmq' as const;
  private batch: Waiter[] = [];
  private batchRows = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly adding = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly queue: Queue<IngestJob>,
    private readonly counter: BufferedRowCounter,
    private readonly coord: Coordination,
    private readonly opts: BullmqBufferOptions,
  ) {}

  bufferedRows(): Promise<number> {
    return this.counter.rows();
  }

  async submit(part: BatchPart): Promise<void> {
    if (this.closed) throw new TooManyRequestsError('shutting down; retry on another instance', RETRY_AFTER_SECONDS);
    try {
      await this.coord.markInFlight(part.org, part.ids);
    } catch (err) {
      throw new BufferUnavailableError(err);
    }
    return new Promise<void>((resolve, reject) => {
      this.batch.push({ part, resolve, reject });
      this.batchRows += part.ids.length;
      if (this.batchRows >= this.opts.batchRows) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.opts.lingerMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.batch.length) return;
    const waiters = this.batch;
    this.batch = [];
    this.batchRows = 0;
    const p = this.addJob(waiters).finally(() => this.adding.delete(p));
    this.adding.add(p);
  }

  private async addJob(waiters: Waiter[]): Promise<void> {
    const parts = waiters.map((w) => w.part);
    const jobId = randomUUID();
    const fail = async (err: unknown) => {
      for (const part of parts) await this.coord.landed(part.org, part.ids).catch(() => []);
      for (const w of waiters) w.reject(err);
    };
    let counted = false;
    try {
      counted = await this.counter.add(jobId, rowsOf(parts), this.opts.maxBufferedRows);
      if (!counted) {
        await fail(new TooManyRequestsError(`ingestion buffer is full (${this.opts.maxBufferedRows} rows); retry later`, RETRY_AFTER_SECONDS));
        return;
      }
      await this.queue.add('rows', { v: 1, parts }, {
        jobId,
        attempts: this.opts.retry.attempts,
        backoff: { type: 'exponential', delay: this.opts.retry.backoffMs },
        removeOnComplete: true,
        // Failed jobs stay: the failed set is the dead-letter queue (`switchyard dlq list|replay`).
        removeOnFail: false,
      });
      for (const w of waiters) w.resolve();
    } catch (err) {
      if (counted) await this.counter.release(jobId).catch(() => {});
      await fail(new BufferUnavailableError(err));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.flush();
    await Promise.all([...this.adding]);
  }
}
