// Delivery attempts are recorded in batches: one tiny insert per attempt would load the engine with parts.
import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import { insertAttempts, type AttemptRow } from './store.js';

export class AttemptLog {
  private buffer: AttemptRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly opts: { flushMs: number; maxRows: number } = { flushMs: 500, maxRows: 1000 },
  ) {}

  record(row: AttemptRow): void {
    this.buffer.push(row);
    if (this.buffer.length >= this.opts.maxRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.opts.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered; resolves once every attempt recorded before the call is in the table. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.buffer;
    this.buffer = [];
    // Writes stay in order, and a caller of flush() waits for earlier writes too.
    this.writing = this.writing.then(async () => {
      if (rows.length === 0) return;
      try {
        await insertAttempts(this.db, rows);
      } catch (err) {
        // The attempt itself happened; losing its record must not stop deliveries.
        this.logger.error({ err, rows: rows.length }, 'webhook: recording delivery attempts failed');
      }
    });
    return this.writing;
  }
}
