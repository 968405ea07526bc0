// Query latency of the analytics endpoints (spec 4.8, 4.9) and of GET /v1/request/{id} (4.5).
// Each analytics scenario is measured three ways, interleaved run by run so that noise hits all three alike:
//  - http: the endpoint through real HTTP on the server in this process (what a dashboard waits for);
//  - exact: the SQL the endpoint runs (built by the feature's own SQL builder), straight on the engine;
//  - baseline: the same SQL without deduplication (FINAL removed): what the query would cost if it could ignore
//    that updated requests are stored twice. ratio = exact p50 / baseline p50.
import type { Db } from '../../src/db/client.js';
import { scoreDistributionQuery, sessionMetricsQuery } from '../../src/analytics/bodies.js';
import { scoreDistributionsSql } from '../../src/analytics/score-distributions.js';
import { sessionMetricsSql } from '../../src/analytics/session-metrics.js';
import { READ_ONE_SQL } from '../../src/requests/store.js';
import type { ScoreDistributionsBody, SessionMetricsBody } from '../../schema/analytics.js';
import { orgName, type DatasetMeta } from '../lib/dataset.js';
import { call, type BenchServer } from '../lib/http.js';
import { summarize, timeMs, type LatencyStats } from '../lib/stats.js';

export interface QueryOptions {
  runs: number;
  warmup: number;
  log: (line: string) => void;
}

export interface AnalyticsResult {
  endpoint: 'score-distributions' | 'session-metrics';
  scenario: string;
  organization: string;
  /** Requests of the organisation in the scenario's time window (after deduplication). */
  requestsInWindow: number;
  http: LatencyStats;
  exactSql: LatencyStats;
  baselineSql: LatencyStats;
  /** exact p50 / baseline p50. */
  ratio: number;
  /** What came back, so a fast empty answer cannot pass for a fast answer. */
  result: string;
}

export interface LookupResult {
  scenario: string;
  organization: string;
  http: LatencyStats;
  /** The service's point-read SQL alone (READ_ONE_SQL), on other random ids: how much of `http` is the engine. */
  readSql: LatencyStats;
}

type Tree = Record<string, unknown> | 'all';

const leaf = (key: string, op: string, value: unknown): Tree => ({ request_response_rmt: { [key]: { [op]: value } } });
const prop = (name: string, value: string): Tree => ({ request_response_rmt: { properties: { [name]: { equals: value } } } });
const branch = (left: Tree, operator: 'and' | 'or', right: Tree): Tree => ({ left, operator, right });

interface Scenario {
  name: string;
  org: string;
  window: 'all' | '7d';
  filter: Tree;
}

function scenarios(meta: DatasetMeta): Scenario[] {
  const large = orgName(0);
  const small = orgName(meta.orgs - 1);
  return [
    { name: 'no filter (whole history)', org: large, window: 'all', filter: 'all' },
    { name: '7-day window', org: large, window: '7d', filter: 'all' },
    { name: '7d + property equality', org: large, window: '7d', filter: prop('app', 'support-bot') },
    {
      name: '7d + model and provider', org: large, window: '7d',
      filter: branch(leaf('model', 'equals', 'gpt-4o-mini'), 'and', leaf('provider', 'equals', 'OPENAI')),
    },
    {
      name: '7d + 5-leaf AND/OR tree', org: large, window: '7d',
      filter: branch(
        branch(branch(leaf('model', 'equals', 'gpt-4o'), 'or', leaf('model', 'equals', 'claude-sonnet-4-5')), 'and', prop('environment', 'production')),
        'and',
        branch(leaf('latency', 'gte', 2000), 'or', leaf('cost', 'gte', 0.001)),
      ),
    },
    {
      name: '7d + session-level filter', org: large, window: '7d',
      filter: { sessions_request_response_rmt: { session_total_requests: { gte: 5 } } },
    },
    { name: '7-day window, small org', org: small, window: '7d', filter: 'all' },
  ];
}

function timeFilter(meta: DatasetMeta, window: 'all' | '7d'): { start: string; end: string } {
  const end = Date.parse(meta.end);
  const days = window === 'all' ? meta.days : Math.min(7, meta.days);
  return { start: new Date(end - days * 86_400_000).toISOString(), end: new Date(end).toISOString() };
}

/** The endpoint's SQL without deduplication. Throws if there was nothing to remove (the ratio would be a lie). */
export function withoutDedup(sql: string): string {
  const out = sql.replaceAll(' FINAL ', ' ');
  if (out === sql) throw new Error('baseline: the endpoint SQL has no FINAL to remove; update benchmarks/suites/query.ts');
  return out;
}

async function measure(
  runs: number,
  warmup: number,
  variants: Array<() => Promise<unknown>>,
): Promise<number[][]> {
  for (let i = 0; i < warmup; i++) for (const v of variants) await v();
  const samples = variants.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < variants.length; j++) samples[j]!.push(await timeMs(variants[j]!));
  }
  return samples;
}

function expectOk(endpoint: string, reply: { status: number; body: any }): void {
  if (reply.status !== 200) throw new Error(`${endpoint}: HTTP ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`);
}

export async function runAnalytics(db: Db, server: BenchServer, meta: DatasetMeta, opts: QueryOptions): Promise<AnalyticsResult[]> {
  const keys = new Map<string, string>();
  const out: AnalyticsResult[] = [];
  for (const sc of scenarios(meta)) {
    if (!keys.has(sc.org)) keys.set(sc.org, await server.keyFor(sc.org));
    const key = keys.get(sc.org)!;
    const tf = timeFilter(meta, sc.window);
    const [{ n } = { n: '0' }] = await db.query<{ n: string }>(
      `SELECT count() AS n FROM request_response_rmt FINAL
       WHERE organization_id = {org:String}
         AND request_created_at >= fromUnixTimestamp64Milli({s:Int64}) AND request_created_at < fromUnixTimestamp64Milli({e:Int64})`,
      { org: sc.org, s: Date.parse(tf.start), e: Date.parse(tf.end) },
    );

    const sdBody = { filter: sc.filter, timeFilter: tf } as ScoreDistributionsBody;
    const smBody = { filter: sc.filter, ...(sc.window === 'all' ? {} : { timeFilter: tf }) } as unknown as SessionMetricsBody;

    const endpoints = [
      {
        endpoint: 'score-distributions' as const,
        path: '/v1/evals/score-distributions/query',
        body: sdBody,
        compiled: scoreDistributionsSql(scoreDistributionQuery(sc.org, sdBody)),
        describe: (data: Array<{ name: string; distribution: Array<{ value: number }> }>) =>
          `${data.length} score names, ${data.reduce((a, d) => a + d.distribution.reduce((b, x) => b + x.value, 0), 0)} scores`,
      },
      {
        endpoint: 'session-metrics' as const,
        path: '/v1/session/metrics/query',
        body: smBody,
        compiled: sessionMetricsSql(sessionMetricsQuery(sc.org, smBody)),
        describe: (data: { session_count: Array<{ value: number }> }) =>
          `${data.session_count.reduce((a, b) => a + b.value, 0)} sessions`,
      },
    ];
    for (const ep of endpoints) {
      const baseline = withoutDedup(ep.compiled.sql);
      let last: { status: number; body: any } | undefined;
      const [http, exact, base] = await measure(opts.runs, opts.warmup, [
        async () => {
          last = await call(server.url + ep.path, { key, json: ep.body });
          expectOk(ep.endpoint, last);
        },
        () => db.query(ep.compiled.sql, ep.compiled.params),
        () => db.query(baseline, ep.compiled.params),
      ]);
      const r: AnalyticsResult = {
        endpoint: ep.endpoint,
        scenario: sc.name,
        organization: sc.org,
        requestsInWindow: Number(n),
        http: summarize(http!),
        exactSql: summarize(exact!),
        baselineSql: summarize(base!),
        ratio: 0,
        result: ep.describe(last!.body.data),
      };
      r.ratio = Math.round((r.exactSql.p50 / r.baselineSql.p50) * 100) / 100;
      out.push(r);
      opts.log(`  ${ep.endpoint} | ${sc.name} | http p50 ${r.http.p50} ms | exact/baseline ${r.ratio} | ${r.result}`);
    }
  }
  return out;
}

/** GET /v1/request/{id} for random ids (a different id every run: no cache helps). */
export async function runLookups(db: Db, server: BenchServer, meta: DatasetMeta, opts: QueryOptions): Promise<LookupResult[]> {
  const out: LookupResult[] = [];
  for (const [scenario, org] of [
    ['GET request by id, large org', orgName(0)],
    ['GET request by id, small org', orgName(meta.orgs - 1)],
  ] as const) {
    const key = await server.keyFor(org);
    const need = 2 * (opts.runs + opts.warmup);
    const ids = (
      await db.query<{ request_id: string }>(
        `SELECT request_id FROM request_lookup WHERE organization_id = {org:String}
         ORDER BY cityHash64(request_id, {salt:String}) LIMIT {n:UInt32}`,
        { org, salt: String(Date.now()), n: need },
      )
    ).map((r) => r.request_id);
    if (ids.length < need) throw new Error(`lookup: ${org} has only ${ids.length} requests`);
    const get = async (id: string) => {
      const reply = await call(`${server.url}/v1/request/${encodeURIComponent(id)}`, { key });
      expectOk('GET /v1/request', reply);
      if (reply.body.data?.request_id !== id) throw new Error(`GET /v1/request/${id} answered another request`);
    };
    const read = async (id: string) => {
      const rows = await db.query<{ request_id: string }>(READ_ONE_SQL, { org, id });
      if (rows[0]?.request_id !== id) throw new Error(`READ_ONE_SQL did not find ${id}`);
    };
    // Interleaved, each on its own ids: no run reads a row another run has just brought into a cache.
    const half = opts.runs + opts.warmup;
    for (let i = 0; i < opts.warmup; i++) {
      await get(ids[i]!);
      await read(ids[half + i]!);
    }
    const http: number[] = [];
    const sql: number[] = [];
    for (let i = opts.warmup; i < half; i++) {
      http.push(await timeMs(() => get(ids[i]!)));
      sql.push(await timeMs(() => read(ids[half + i]!)));
    }
    const r = { scenario, organization: org, http: summarize(http), readSql: summarize(sql) };
    out.push(r);
    opts.log(`  ${scenario} | HTTP p50 ${r.http.p50} ms, p99 ${r.http.p99} ms | read SQL alone p50 ${r.readSql.p50} ms`);
  }
  return out;
}
