// Session metrics (spec 4.9): histograms over sessions of requests per session, duration and cost, with averages.
// A session is the matching requests that share a Core-Session-Id (requests without one are no session). One scan
// builds per-session rows; the per-metric work (quantiles, trim, edges, counts) runs on arrays in the engine, so only
// 3 small rows come back whatever the number of sessions.
import type { MetricBucket, SessionMetrics } from '../../schema/analytics.js';
import type { Db } from '../db/client.js';
import {
  param,
  render,
  requestScan,
  sql,
  type CompiledQuery,
  type FilterNode,
  type TimeWindow,
} from '../query/index.js';
import { bucketIndexSql, edgesSql, shapeBuckets } from './histogram.js';

export interface SessionMetricsQuery {
  organizationId: string;
  filter: FilterNode;
  window?: TimeWindow;
  /** Case-insensitive substring of Core-Session-Name; '' = every session. */
  nameContains: string;
  useInterquartile: boolean;
}

const METRICS = ['session_count', 'session_duration', 'session_cost'] as const;
type Metric = (typeof METRICS)[number];

/** nameContains is the session key `session_session_name contains`, ANDed with the tree: one definition of "name". */
function withName(filter: FilterNode, nameContains: string): FilterNode {
  if (nameContains === '') return filter;
  const path = 'body.nameContains';
  return {
    kind: 'branch',
    operator: 'and',
    left: filter,
    right: {
      kind: 'leaf',
      request: [],
      session: [
        {
          kind: 'session_key',
          key: 'session_session_name',
          test: { type: 'string', operator: 'contains', value: nameContains },
          path,
        },
      ],
      path,
    },
    path,
  };
}

export function sessionMetricsSql(q: SessionMetricsQuery): CompiledQuery {
  const scan = requestScan({
    columns: sql`session_id, request_created_at, response_created_at, delay_ms, cost_nano_usd`,
    filter: withName(q.filter, q.nameContains),
    window: q.window,
    where: [sql`session_id != ''`],
  });
  // A request ends at the later of its recorded response time and its start plus latency.
  const count = edgesSql('integer', sql`lo`, sql`hi`);
  const continuous = edgesSql('continuous', sql`lo`, sql`hi`);
  const query = sql`WITH
  sessions AS (
    SELECT session_id,
      toFloat64(count()) AS requests,
      (max(greatest(toUnixTimestamp64Milli(response_created_at), toUnixTimestamp64Milli(request_created_at) + delay_ms))
        - min(toUnixTimestamp64Milli(request_created_at))) / 1000 AS duration,
      sum(toInt128(cost_nano_usd)) / 1000000000 AS cost
    FROM (${scan})
    GROUP BY session_id
  ),
  metrics AS (
    SELECT metric, vals FROM (
      SELECT groupArray(requests) AS c, groupArray(toFloat64(duration)) AS d, groupArray(toFloat64(cost)) AS k FROM sessions
    ) ARRAY JOIN ['session_count', 'session_duration', 'session_cost'] AS metric, [c, d, k] AS vals
  ),
  trimmed AS (
    SELECT metric, if(${param(q.useInterquartile, 'Bool')}, arrayFilter(x -> x >= q25 AND x <= q75, vals), vals) AS t
    FROM (
      SELECT metric, vals,
        arrayReduce('quantileExactInclusive(0.25)', vals) AS q25,
        arrayReduce('quantileExactInclusive(0.75)', vals) AS q75
      FROM metrics
    )
  ),
  ranged AS (
    SELECT metric, t, arrayMin(t) AS lo, arrayMax(t) AS hi,
      if(metric = 'session_count', ${count.interior}, ${continuous.interior}) AS interior,
      if(metric = 'session_count', ${count.top}, ${continuous.top}) AS top
    FROM trimmed
  )
SELECT metric, length(t) AS n, lo, interior, top, arrayAvg(t) AS average,
  arrayMap(i -> countEqual(idx, i), range(length(interior) + 1)) AS counts
FROM (SELECT metric, t, lo, interior, top, arrayMap(x -> ${bucketIndexSql(sql`x`, sql`interior`)}, t) AS idx FROM ranged)`;
  return render(query, { organizationId: q.organizationId });
}

interface Row {
  metric: Metric;
  n: number | string;
  lo: number;
  interior: number[];
  top: number;
  average: number;
  counts: Array<number | string>;
}

export async function sessionMetrics(db: Db, q: SessionMetricsQuery): Promise<SessionMetrics> {
  const { sql: text, params } = sessionMetricsSql(q);
  const rows = await db.query<Row>(text, params, { comment: `session-metrics org=${q.organizationId}` });
  const out: SessionMetrics = {
    session_count: [],
    session_duration: [],
    session_cost: [],
    average: { session_count: 0, session_duration: 0, session_cost: 0 },
  };
  for (const r of rows) {
    if (Number(r.n) === 0) continue;
    const counts = new Map(r.counts.map((c, i) => [i, Number(c)]));
    const buckets: MetricBucket[] = shapeBuckets(r.lo, r.interior, r.top, counts).map((b) => ({
      range_start: b.lower,
      range_end: b.upper,
      value: b.count,
    }));
    out[r.metric] = buckets;
    out.average[r.metric] = r.average;
  }
  return out;
}
