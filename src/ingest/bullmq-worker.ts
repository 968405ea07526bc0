// The consumer side of the BullMQ buffer. Jobs that are active at the same time are collected into one insert
// (up to INGEST_BATCH_ROWS rows or INGEST_FLUSH_MS); each job completes only after ClickHouse confirmed the insert
// that holds its rows. A failed insert is retried per job (so one poison job cannot sink its batch-mates) with
// exponential backoff; after the last attempt the job stays in the failed set: the dead-letter queue.
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { INGEST_QUEUE, isIngestJob, type BufferedRowCounter, type IngestJob } from './bullmq-shared.js';
import { rowsOf } from './buffer.js';
import type { BatchWriter } from './writer.js';

export interface IngestWorkerOptions {
  batchRows: number;
  flushMs: number;
  /** Jobs held at once; with many rows per job, enough to fill a batch. */
  concurrency?: number;
  /** BullMQ lock of an active job; a worker that died frees its jobs after about this long. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

interface Held {
  job: Job<IngestJob>;
  rows: number;
  resolve(): void;
  reject(err: unknown): void;
}

export class IngestWorker {
  readonly worker: Worker<IngestJob>;
  private held: Held[] = [];
  private heldRows = 0;
  private timer: NodeJS.Timeout | undefined;
  private closing = false;
  private killed = false;

  constructor(
    connection: Redis,
    prefix: string,
    private readonly writer: BatchWriter,
    private readonly counter: BufferedRowCounter,
    private readonly opts: IngestWorkerOptions,
    private readonly logger: Logger,
  ) {
    this.worker = new Worker<IngestJob>(INGEST_QUEUE, (job) => this.process(job), {
      connection,
      prefix,
      concurrency: opts.concurrency ?? 256,
      lockDuration: opts.lockDurationMs ?? 30_000,
      stalledInterval: opts.stalledIntervalMs ?? 30_000,
      // A batch held by a worker that died is not poison: let it come back a few times before giving up.
      maxStalledCount: 5,
    });
    this.worker.on('failed', (job, err) => {
      const final = job && job.attemptsMade >= (job.opts.attempts ?? 1);
      this.logger[final ? 'error' : 'warn'](
        { err, jobId: job?.id, attemptsMade: job?.attemptsMade },
        final ? 'ingest job moved to the dead-letter queue' : 'ingest job failed; will retry',
      );
    });
    this.worker.on('error', (err) => this.logger.error({ err }, 'ingest worker error'));
  }

  private async process(job: Job<IngestJob>): Promise<void> {
    if (!isIngestJob(job.data)) throw new UnrecoverableError('malformed ingest job payload');
    try {
      await new Promise<void>((resolve, reject) => {
        const rows = rowsOf(job.data.parts);
        this.held.push({ job, rows, resolve, reject });
        this.heldRows += rows;
        if (this.heldRows >= this.opts.batchRows || this.closing) this.flush();
        else this.timer ??= setTimeout(() => this.flush(), this.opts.flushMs);
      });
    } catch (err) {
      // Last attempt: the job goes to the dead-letter queue, which does not count against the buffer limit. (A job
      // failed by the stalled checker, after maxStalledCount, never gets here: it keeps counting until replayed.)
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.counter.release(job.id!).catch(() => {});
      throw err;
    }
    await this.counter.release(job.id!);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.killed || !this.held.length) return;
    const batch = this.held;
    this.held = [];
    this.heldRows = 0;
    void this.write(batch);
  }

  private async write(batch: Held[]): Promise<void> {
    try {
      await this.writer.write(batch.flatMap((h) => h.job.data.parts));
      for (const h of batch) h.resolve();
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Isolate the job that fails; the others land now.
      this.logger.warn({ err, jobs: batch.length }, 'ingest batch insert failed; inserting job by job');
      for (const h of batch) {
        try {
          await this.writer.write(h.job.data.parts);
          h.resolve();
        } catch (e) {
          h.reject(e);
        }
      }
    }
  }

  /** Flushes what it holds and stops after the active jobs completed. */
  async close(): Promise<void> {
    this.closing = true;
    const closed = this.worker.close();
    this.flush();
    await closed;
    this.flush();
  }

  /** Stops at once without completing what it holds, as a crash would (the jobs return after their lock expires). */
  async kill(): Promise<void> {
    this.killed = true;
    clearTimeout(this.timer);
    await this.worker.close(true);
  }
}
