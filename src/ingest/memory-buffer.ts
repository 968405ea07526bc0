// In-process buffer (no Redis): group commit. Each caller is answered when the insert holding its rows returned, so
// an acknowledged log is already in ClickHouse. Inserts start at most once per INGEST_FLUSH_MS (sooner when
// INGEST_BATCH_ROWS rows wait): an idle server inserts a POST at once, a busy one gathers every POST of the interval
// into one insert, so the engine gets few, large inserts (each insert is a part to merge). One insert at a time: the
// engine's write connection runs one query at a time anyway.
import { TooManyRequestsError } from '../errors.js';
import type { Logger } from '../logger.js';
import { RETRY_AFTER_SECONDS, rowsOf, type IngestBuffer } from './buffer.js';
import type { Coordination } from './coordination.js';
import type { BatchPart, BatchWriter } from './writer.js';

interface Entry {
  part: BatchPart;
  resolve(): void;
  reject(err: unknown): void;
}

export interface MemoryBufferOptions {
  batchRows: number;
  flushMs: number;
  maxBufferedRows: number;
  /** Delays (ms) between insert attempts of a batch before its callers get the error. */
  retryDelaysMs?: number[];
}

export class MemoryBuffer implements IngestBuffer {
  readonly mode = 'memory' as const;
  private queue: Entry[] = [];
  private queuedRows = 0;
  private writingRows = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private lastStart = -Infinity;
  private closed = false;

  constructor(
    private readonly writer: BatchWriter,
    private readonly coord: Coordination,
    private readonly opts: MemoryBufferOptions,
    private readonly logger: Logger,
  ) {}

  async bufferedRows(): Promise<number> {
    return this.queuedRows + this.writingRows;
  }

  async submit(part: BatchPart): Promise<void> {
    if (this.closed) throw new TooManyRequestsError('shutting down; retry on another instance', RETRY_AFTER_SECONDS);
    const n = part.ids.length;
    const buffered = this.queuedRows + this.writingRows;
    // An empty buffer takes any POST (one larger than the limit would otherwise never get in).
    if (buffered > 0 && buffered + n > this.opts.maxBufferedRows) {
      throw new TooManyRequestsError(
        `ingestion buffer is full (${this.opts.maxBufferedRows} rows); retry later`,
        RETRY_AFTER_SECONDS,
      );
    }
    await this.coord.markInFlight(part.org, part.ids);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ part, resolve, reject });
      this.queuedRows += n;
      this.schedule();
    });
  }

  /** Flush now when a full batch waits or the interval since the last insert passed; else when it will have. */
  private schedule(): void {
    if (this.writing) return; // the running flush picks the queue up
    if (this.queuedRows >= this.opts.batchRows) return this.kick();
    if (this.timer) return;
    const wait = this.lastStart + this.opts.flushMs - Date.now();
    // Even when due, wait for the end of this turn: submissions that already arrived join the same insert.
    this.timer = setTimeout(() => this.kick(), Math.max(0, wait));
  }

  /** Starts a flush unless one runs; a running flush picks up what queued meanwhile. */
  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing ??= this.flushLoop().finally(() => {
      this.writing = undefined;
      if (this.queue.length && !this.closed) this.schedule();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length) {
      const batch = this.takeBatch();
      this.lastStart = Date.now();
      this.writingRows = rowsOf(batch.map((e) => e.part));
      try {
        await this.writeWithRetry(batch);
      } finally {
        this.writingRows = 0;
      }
      // Below a full batch, wait for the interval (unless closing): bigger inserts, fewer parts.
      if (!this.closed && this.queuedRows < this.opts.batchRows) return;
    }
  }

  private takeBatch(): Entry[] {
    const batch: Entry[] = [];
    let rows = 0;
    while (this.queue.length && (rows === 0 || rows + this.queue[0]!.part.ids.length <= this.opts.batchRows)) {
      const e = this.queue.shift()!;
      rows += e.part.ids.length;
      batch.push(e);
    }
    this.queuedRows -= rows;
    return batch;
  }

  private async writeWithRetry(batch: Entry[]): Promise<void> {
    const delays = this.opts.retryDelaysMs ?? [50, 250, 1000];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.writer.write(batch.map((e) => e.part));
        for (const e of batch) e.resolve();
        return;
      } catch (err) {
        if (attempt < delays.length) {
          this.logger.warn({ err, attempt: attempt + 1, rows: rowsOf(batch.map((e) => e.part)) }, 'ingest insert failed; retrying');
          await new Promise((r) => setTimeout(r, delays[attempt]));
          continue;
        }
        // One bad submission must not fail the others it was grouped with: try each on its own, once more.
        for (const e of batch) {
          try {
            await this.writer.write([e.part]);
            e.resolve();
          } catch (err2) {
            this.logger.error({ err: err2, org: e.part.org, rows: e.part.ids.length }, 'ingest insert failed; not acknowledged');
            await this.coord.landed(e.part.org, e.part.ids).catch(() => []);
            e.reject(err2);
          }
        }
        return;
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.queue.length || this.writing) {
      this.kick();
      await this.writing;
    }
  }
}
