// Runs a filter tree through the compiler on the real engine and returns the matching request ids.
import type { Db } from '../../src/db/client.js';
import { parseFilter, parseTimeWindow, render, requestScan, sql } from '../../src/query/index.js';

export interface WindowInput {
  start: string;
  end: string;
}

export async function matchingIds(db: Db, org: string, filter: unknown, window?: WindowInput): Promise<Set<string>> {
  const q = render(
    requestScan({
      columns: sql`request_id, organization_id`,
      filter: parseFilter(filter, 'filter'),
      window: window && parseTimeWindow(window, 'timeFilter'),
    }),
    { organizationId: org },
  );
  const rows = await db.query<{ request_id: string; organization_id: string }>(q.sql, q.params);
  const foreign = rows.find((r) => r.organization_id !== org);
  if (foreign) throw new Error(`tenant leak: a row of ${foreign.organization_id} in a query of ${org}`);
  const ids = rows.map((r) => r.request_id);
  // A scan reads deduplicated rows: an id twice would mean an update was counted twice.
  if (new Set(ids).size !== ids.length) throw new Error(`duplicate request ids in a scan: ${ids.join(', ')}`);
  return new Set(ids);
}

export const sorted = (s: Set<string>) => [...s].sort();
