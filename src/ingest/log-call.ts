// Logs a call the service itself made upstream (rerank, video submission) through the same buffer as gateway
// logs, so it is durable, priced and readable with GET /v1/request/:id like any other request.
import type { LogRecord } from '../../schema/log.js';
import { acceptRecords } from './accept.js';
import type { Ingest } from './index.js';

export type CallLogger = (who: { organizationId: string; keyId: string }, record: LogRecord) => Promise<void>;

/** `check` holds the record to the limits of a posted log (it carries upstream answers) before it is buffered. */
export function callLogger(ingest: Ingest, check: (record: LogRecord) => LogRecord): CallLogger {
  return async (who, record) => {
    if (!ingest.buffer) throw new Error('this process does not accept logs (worker only)');
    await acceptRecords(ingest.buffer, [{ record: check(record), field: 'record' }], { ...who, receivedAt: Date.now() });
  };
}
