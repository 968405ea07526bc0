// Equal-width histograms computed in the engine. The bucket edges are computed once, in SQL, and the same stored
// values both assign each value to its bucket and are returned as the bounds: a bucket's count is exactly the number
// of values in [lower, upper) (the last bucket closed), with no float disagreement between engine and Node.
import { sql, type Fragment } from '../query/index.js';

/**
 * `continuous`: 10 buckets of width (max - min) / 10 over [min, max], one bucket when min = max (scores, durations,
 * costs). `integer`: buckets of a whole width w = max(1, ceil((max - min + 1) / 10)) starting at min, so counts of
 * requests read naturally ([1, 2), [2, 3), ... or [1, 11), [11, 21), ...); at most 10.
 */
export type HistogramKind = 'continuous' | 'integer';

/** `interior` (edges between buckets) and `top` (upper edge of the last bucket) over `lo`/`hi` column aliases. */
export function edgesSql(kind: HistogramKind, lo: Fragment, hi: Fragment): { interior: Fragment; top: Fragment } {
  if (kind === 'continuous') {
    return {
      // When hi - lo overflows a double (scores near ±1.8e308 of both signs) the edges are the convex combination
      // lo * (10 - i) / 10 + hi * i / 10, which stays finite; otherwise the plain form (exact for ordinary ranges).
      interior: sql`if(${hi} = ${lo}, CAST([] AS Array(Float64)), if(isFinite(${hi} - ${lo}),
        arrayMap(i -> ${lo} + i * ((${hi} - ${lo}) / 10), range(1, 10)),
        arrayMap(i -> ${lo} * ((10 - i) / 10) + ${hi} * (i / 10), range(1, 10))))`,
      top: sql`toFloat64(${hi})`,
    };
  }
  const width = sql`greatest(1, ceil((${hi} - ${lo} + 1) / 10))`;
  const buckets = sql`toUInt32(ceil((${hi} - ${lo} + 1) / ${width}))`;
  return {
    interior: sql`arrayMap(i -> toFloat64(${lo} + i * ${width}), range(1, ${buckets}))`,
    top: sql`toFloat64(${lo} + ${buckets} * ${width})`,
  };
}

/** The bucket (0-based) of `x`: how many interior edges it has reached. */
export function bucketIndexSql(x: Fragment, interior: Fragment): Fragment {
  return sql`arrayCount(b -> ${x} >= b, ${interior})`;
}

export interface Bucket {
  lower: number;
  upper: number;
  count: number;
}

/** Buckets from the engine's edges and per-bucket counts (missing counts are empty buckets). */
export function shapeBuckets(lo: number, interior: readonly number[], top: number, counts: ReadonlyMap<number, number>): Bucket[] {
  const edges = [lo, ...interior, top];
  return edges.slice(0, -1).map((lower, i) => ({ lower, upper: edges[i + 1]!, count: counts.get(i) ?? 0 }));
}
