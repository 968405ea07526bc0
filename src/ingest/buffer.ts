// The ingestion buffer contract. `submit` resolves only when the rows are durable: in Redis (BullMQ buffer) or in
// ClickHouse (in-process group commit). Over the limit it throws TooManyRequestsError (429 + Retry-After).
import { UserError } from '../errors.js';
import type { BatchPart } from './writer.js';

export interface IngestBuffer {
  readonly mode: 'bullmq' | 'memory';
  submit(part: BatchPart): Promise<void>;
  /** Rows acknowledged or being acknowledged and not yet in ClickHouse (approximate across processes). */
  bufferedRows(): Promise<number>;
  /** Stops taking rows and flushes everything acknowledged; the process may exit afterwards. */
  close(): Promise<void>;
}

export const RETRY_AFTER_SECONDS = 1;

export const rowsOf = (parts: readonly BatchPart[]) => parts.reduce((n, p) => n + p.ids.length, 0);

/** The buffer's store (Redis) does not answer: not the caller's fault, and worth a retry. */
export class BufferUnavailableError extends UserError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(override readonly cause: unknown) {
    super(503, 'unavailable', 'ingestion buffer unavailable; retry later');
  }
}
