// Accepting logs (validated at the HTTP edge): prepare every row, and only then hand the whole
// POST to the buffer, so a bad record rejects the request with nothing of it written.
import type { LogRecord } from '../../schema/log.js';
import type { IngestBuffer } from './buffer.js';
import type { CostFn } from './cost.js';
import { prepareRow, type IngestOrigin } from './normalize.js';
import type { BatchPart } from './writer.js';

export interface FieldRecord {
  record: LogRecord;
  /** Where it sits in the request, for error messages (`body.requests.3`). */
  field: string;
}

export function prepareBatch(records: readonly FieldRecord[], origin: IngestOrigin, cost?: CostFn): BatchPart {
  const part: BatchPart = { org: origin.organizationId, ids: [], createdAt: [], lines: [] };
  for (const { record, field } of records) {
    const row = prepareRow(record, origin, field, cost);
    part.ids.push(row.id);
    part.createdAt.push(row.createdAt);
    part.lines.push(row.line);
  }
  return part;
}

/** Resolves with the request ids once the buffer holds the rows durably. */
export async function acceptRecords(
  buffer: IngestBuffer,
  records: readonly FieldRecord[],
  origin: IngestOrigin,
  cost?: CostFn,
): Promise<string[]> {
  const part = prepareBatch(records, origin, cost);
  await buffer.submit(part);
  return part.ids;
}
