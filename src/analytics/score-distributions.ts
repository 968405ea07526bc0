// Score distributions (spec 4.8): for each score name on the matching requests of the window, a 10-bucket
// histogram over that score's own min..max. Names are sorted and paged. Reads are deduplicated (FINAL), so a request
// updated many times counts once.
import type { ScoreDistribution } from '../../schema/analytics.js';
import type { Db } from '../db/client.js';
import { param, render, requestScan, sql, type CompiledQuery, type FilterNode, type TimeWindow } from '../query/index.js';
import { bucketIndexSql, edgesSql, shapeBuckets } from './histogram.js';

export interface ScoreDistributionQuery {
  organizationId: string;
  filter: FilterNode;
  window: TimeWindow;
  offset: number;
  limit: number;
}

/**
 * Two passes over the matching (name, value) pairs: the page of names with their min/max and bucket edges, then the
 * bucket counts of those names only. Memory stays bounded by the page, not by the number of scores in the window.
 */
export function scoreDistributionsSql(q: ScoreDistributionQuery): CompiledQuery {
  const scan = requestScan({ columns: sql`scores`, filter: q.filter, window: q.window });
  const edges = edgesSql('continuous', sql`lo`, sql`hi`);
  const query = sql`WITH
  kv AS (SELECT name, value FROM (${scan}) ARRAY JOIN mapKeys(scores) AS name, mapValues(scores) AS value),
  page AS (
    SELECT name, min(value) AS lo, max(value) AS hi, ${edges.interior} AS interior, ${edges.top} AS top
    FROM kv GROUP BY name ORDER BY name LIMIT ${param(q.limit, 'UInt32')} OFFSET ${param(q.offset, 'UInt32')}
  )
SELECT page.name AS name, any(page.lo) AS lo, any(page.interior) AS interior, any(page.top) AS top,
  ${bucketIndexSql(sql`kv.value`, sql`page.interior`)} AS bucket, count() AS n
FROM kv INNER JOIN page ON kv.name = page.name
GROUP BY name, bucket
ORDER BY name, bucket`;
  return render(query, { organizationId: q.organizationId });
}

interface Row {
  name: string;
  lo: number;
  interior: number[];
  top: number;
  bucket: number;
  n: string;
}

export async function scoreDistributions(db: Db, q: ScoreDistributionQuery): Promise<ScoreDistribution[]> {
  const { sql: text, params } = scoreDistributionsSql(q);
  const rows = await db.query<Row>(text, params, { comment: `score-distributions org=${q.organizationId}` });
  const byName = new Map<string, { first: Row; counts: Map<number, number> }>();
  for (const r of rows) {
    let entry = byName.get(r.name);
    if (!entry) byName.set(r.name, (entry = { first: r, counts: new Map() }));
    entry.counts.set(r.bucket, Number(r.n));
  }
  return [...byName.entries()].map(([name, { first, counts }]) => ({
    name,
    distribution: shapeBuckets(first.lo, first.interior, first.top, counts).map((b) => ({
      value: b.count,
      lower: b.lower,
      upper: b.upper,
    })),
  }));
}
