// The benchmark report: a table for people (stdout) and the targets of issue 6 checked against the figures.
import type { AnalyticsResult, LookupResult } from '../suites/query.js';
import type { IngestResult } from '../suites/ingest.js';

export interface TargetCheck {
  target: string;
  goal: string;
  measured: string;
  met: boolean;
  /** How far from the goal, when missed (e.g. "2.1x the goal"). */
  gap?: string;
}

const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 2 });

function atMost(target: string, goal: number, unit: string, measured: number | undefined): TargetCheck | undefined {
  if (measured === undefined) return undefined;
  const met = measured <= goal;
  return {
    target, goal: `<= ${fmt(goal)}${unit}`, measured: `${fmt(measured)}${unit}`, met,
    ...(met ? {} : { gap: `${fmt(measured / goal)}x the goal` }),
  };
}

function atLeast(target: string, goal: number, unit: string, measured: number | undefined): TargetCheck | undefined {
  if (measured === undefined) return undefined;
  const met = measured >= goal;
  return {
    target, goal: `>= ${fmt(goal)}${unit}`, measured: `${fmt(measured)}${unit}`, met,
    ...(met ? {} : { gap: `${Math.round((1 - measured / goal) * 100)}% short` }),
  };
}

/** The goals of issue 6 (2-core machine, embedded engine, 10M rows); meaningful only at that size. */
export function checkTargets(analytics: AnalyticsResult[], lookups: LookupResult[], ingest?: IngestResult): TargetCheck[] {
  const sd7 = analytics.find((a) => a.endpoint === 'score-distributions' && a.scenario === '7-day window');
  const sm7 = analytics.find((a) => a.endpoint === 'session-metrics' && a.scenario === '7-day window');
  const worstRatio = analytics.length ? Math.max(...analytics.map((a) => a.ratio)) : undefined;
  const getP50 = lookups.length ? Math.max(...lookups.map((l) => l.http.p50)) : undefined;
  const bulk = ingest?.runs.filter((r) => r.form === 'ndjson-bulk') ?? [];
  const single = ingest?.runs.filter((r) => r.form === 'single-record') ?? [];
  const minOf = (xs: number[]) => (xs.length ? Math.min(...xs) : undefined);
  return [
    atMost('score distributions, 7-day window, large org, p50 (HTTP)', 150, ' ms', sd7?.http.p50),
    atMost('session metrics, 7-day window, large org, p50 (HTTP)', 250, ' ms', sm7?.http.p50),
    atMost('exact/baseline ratio, worst scenario', 1.3, '', worstRatio),
    atMost('GET request by id, p50 (HTTP), worst org', 10, ' ms', getP50),
    atLeast('NDJSON ingestion, slowest buffer mode', 30_000, ' logs/s', minOf(bulk.map((r) => r.logsPerSecond))),
    atLeast('NDJSON ingestion as a share of raw insert, slowest mode', 25, '%', minOf(bulk.map((r) => Math.round(r.shareOfRaw * 1000) / 10))),
    atLeast('single-record POSTs, slowest buffer mode', 5_000, ' logs/s', minOf(single.map((r) => r.logsPerSecond))),
  ].filter((t): t is TargetCheck => t !== undefined);
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function renderTables(analytics: AnalyticsResult[], lookups: LookupResult[], ingest: IngestResult | undefined, targets: TargetCheck[]): string {
  const out: string[] = [];
  if (analytics.length) {
    out.push(
      table(
        ['query (ms)', 'org rows in window', 'HTTP p50', 'p95', 'p99', 'exact SQL p50', 'no-dedup p50', 'ratio', 'result'],
        analytics.map((a) => [
          `${a.endpoint}: ${a.scenario}`, fmt(a.requestsInWindow), fmt(a.http.p50), fmt(a.http.p95), fmt(a.http.p99),
          fmt(a.exactSql.p50), fmt(a.baselineSql.p50), fmt(a.ratio), a.result,
        ]),
      ),
    );
  }
  if (lookups.length) {
    out.push(
      table(
        ['lookup (ms)', 'HTTP p50', 'p95', 'p99', 'read SQL p50', 'runs'],
        lookups.map((l) => [l.scenario, fmt(l.http.p50), fmt(l.http.p95), fmt(l.http.p99), fmt(l.readSql.p50), String(l.http.runs)]),
      ),
    );
  }
  if (ingest) {
    out.push(
      table(
        ['ingestion', 'logs', 'POSTs', 'acked (s)', 'visible (s)', 'logs/s', 'share of raw', '429s', 'CPU cores', 'main loop busy', 'machine busy'],
        [
          [`raw insert (batches of ${ingest.raw.batchRows})`, fmt(ingest.raw.rows), '-', '-', fmt(ingest.raw.seconds), fmt(ingest.raw.rowsPerSecond), '100%', '-', '-', '-', '-'],
          ...ingest.runs.map((r) => [
            `${r.mode} buffer, ${r.form} (${r.concurrency} clients)`, fmt(r.logs), fmt(r.posts), fmt(r.ackSeconds), fmt(r.visibleSeconds),
            fmt(r.logsPerSecond), `${fmt(r.shareOfRaw * 100)}%`, fmt(r.retries429), fmt(r.processCpuCores),
            `${Math.round(r.mainEventLoopUtilization * 100)}%`, `${Math.round(r.machineCpuBusy * 100)}%`,
          ]),
        ],
      ),
    );
  }
  if (targets.length) {
    out.push(table(['target', 'goal', 'measured', 'met'], targets.map((t) => [t.target, t.goal, t.measured, t.met ? 'yes' : `NO (${t.gap})`])));
  }
  return out.join('\n\n');
}
