// The batch writer: puts a batch of prepared rows into ClickHouse, then tells the rest of the system they landed.
// Both buffers (in-process and BullMQ) end here. Safe to run twice on the same batch (redelivery): the rows are
// byte-identical with the same version, so ReplacingMergeTree keeps one.
import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import type { Coordination } from './coordination.js';

/** Rows of one organisation; `ids[i]`, `createdAt[i]` and `lines[i]` describe the same row. */
export interface BatchPart {
  org: string;
  ids: string[];
  createdAt: string[];
  lines: string[];
}

export interface LandedRows {
  organizationId: string;
  requestIds: string[];
  /** The rows as inserted, as JSON lines (parse on demand: most batches have no listener that needs them). */
  lines: readonly string[];
}

export interface WriterHooks {
  /** Applies property and score writes that waited for these requests (src/requests/mutations.ts). */
  applyPending(org: string, id: string): Promise<void>;
  /** After rows of one organisation landed. Failures are logged, never undo the batch. */
  onLanded?(landed: LandedRows): Promise<void> | void;
}

// Parameters travel in the query; keep each lookup query's id list well under URL limits of a server.
const LOOKUP_CHUNK = 2000;

export class BatchWriter {
  constructor(
    private readonly db: Db,
    private readonly coord: Coordination,
    private readonly hooks: WriterHooks,
    private readonly logger: Logger,
  ) {}

  async write(parts: readonly BatchPart[]): Promise<void> {
    const prepared = await this.alignWithStored(parts);
    const main = prepared.flatMap((p) => p.lines).join('\n') + '\n';
    await this.db.insertJsonLines('request_response_rmt', Buffer.from(main));
    // After the main rows: a lookup row always points at a row that exists.
    const lookups = prepared.flatMap((p) =>
      p.newIds.map((i) => JSON.stringify({ organization_id: p.org, request_id: p.ids[i], request_created_at: p.createdAt[i] })),
    );
    if (lookups.length) await this.db.insertJsonLines('request_lookup', Buffer.from(lookups.join('\n') + '\n'));

    for (const p of prepared) {
      for (const id of await this.coord.landed(p.org, p.ids)) await this.hooks.applyPending(p.org, id);
    }
    const onLanded = this.hooks.onLanded;
    if (onLanded) {
      // One call per part (the rows of one organisation from one POST), side by side.
      await Promise.all(
        prepared.map(async (p) => {
          try {
            await onLanded({ organizationId: p.org, requestIds: p.ids, lines: p.lines });
          } catch (err) {
            this.logger.error({ err, org: p.org }, 'onLanded hook failed');
          }
        }),
      );
    }
  }

  /**
   * A request id seen before keeps its first `request_created_at`: the time is part of the sort key, so a client
   * re-sending a log without a timestamp would otherwise create a second row instead of replacing the first.
   * Applies across the whole batch (a POST re-sent after a client timeout often lands in the same batch).
   * Returns the lines to insert and which positions are new to request_lookup.
   */
  private async alignWithStored(parts: readonly BatchPart[]): Promise<Array<BatchPart & { newIds: number[] }>> {
    const seen = new Map<string, Map<string, string>>(); // org -> request id -> request_created_at
    for (const org of new Set(parts.map((p) => p.org))) {
      const stored = new Map<string, string>();
      const unique = [...new Set(parts.filter((p) => p.org === org).flatMap((p) => p.ids))];
      for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
        const rows = await this.db.query<{ request_id: string; t: string }>(
          `SELECT request_id, min(request_created_at) AS t FROM request_lookup
           WHERE organization_id = {org:String} AND request_id IN {ids:Array(String)} GROUP BY request_id`,
          { org, ids: unique.slice(i, i + LOOKUP_CHUNK) },
        );
        for (const r of rows) stored.set(r.request_id, r.t);
      }
      seen.set(org, stored);
    }
    return parts.map((part) => {
      const known = seen.get(part.org)!;
      const lines = [...part.lines];
      const createdAt = [...part.createdAt];
      const newIds: number[] = [];
      part.ids.forEach((id, i) => {
        const want = known.get(id);
        if (want === undefined) {
          known.set(id, createdAt[i]!);
          newIds.push(i);
        } else if (want !== createdAt[i]) {
          // Rare (a re-sent log with another time): re-serialise just this row.
          const row = JSON.parse(lines[i]!) as Record<string, unknown>;
          row.request_created_at = want;
          lines[i] = JSON.stringify(row);
          createdAt[i] = want;
        }
      });
      return { ...part, lines, createdAt, newIds };
    });
  }
}
