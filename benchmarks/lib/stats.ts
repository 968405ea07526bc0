// Latency statistics: nearest-rank percentiles over measured runs.

export interface LatencyStats {
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile (p in 0..100) of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export function summarize(samplesMs: readonly number[]): LatencyStats {
  const s = [...samplesMs].sort((a, b) => a - b);
  return {
    runs: s.length,
    p50: r2(percentile(s, 50)),
    p95: r2(percentile(s, 95)),
    p99: r2(percentile(s, 99)),
    min: r2(s[0] ?? NaN),
    max: r2(s[s.length - 1] ?? NaN),
    mean: r2(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)),
  };
}

/** Wall time of `fn` in milliseconds (high resolution). */
export async function timeMs(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}
