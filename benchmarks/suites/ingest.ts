// Ingestion throughput end to end: gateways POST logs over HTTP (NDJSON bulk, or one JSON record per POST) with
// 64 concurrent clients; the clock runs from the first request to the moment the last row is visible in the table.
// In the same run, the engine's raw insert rate of the same rows (pre-serialised JSON lines, the service's batch
// size, one connection) gives the ceiling, and ingestion is reported as a share of it.
// The logs come from the data set's own generator (another seed), shifted into January 2020 so that the suite can
// drop what it wrote (one partition) and leave the data set as it was.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Db } from '../../src/db/client.js';
import { datasetParams, generatingSelect, type DatasetMeta } from '../lib/dataset.js';
import type { BenchServer } from '../lib/http.js';
import type { LoadJob, LoadReport } from '../lib/load-client.js';

export interface IngestOptions {
  /** Logs sent in the bulk (NDJSON) runs. */
  bulkRows: number;
  /** Records per NDJSON POST. */
  bulkBatch: number;
  /** Logs sent one per POST. */
  singleRows: number;
  concurrency: number;
  /** Rows per raw insert (the service's INGEST_BATCH_ROWS). */
  rawBatchRows: number;
  log: (line: string) => void;
}

export interface IngestRun {
  mode: 'memory' | 'bullmq';
  form: 'ndjson-bulk' | 'single-record';
  logs: number;
  posts: number;
  concurrency: number;
  retries429: number;
  /** Average size of one log as sent (JSON), and of its request + response bodies. */
  avgLogBytes: number;
  avgBodyBytes: number;
  /** First request to last acknowledgement, and to the last row visible in ClickHouse. */
  ackSeconds: number;
  visibleSeconds: number;
  logsPerSecond: number;
  /** logsPerSecond / the raw insert rate of the same rows. */
  shareOfRaw: number;
  /** Where the time went: CPU of this whole process (engine, server, load client) in cores, out of the machine's,
   *  and how busy the main thread's event loop (HTTP, validation, row preparation) was, 0-1. */
  processCpuCores: number;
  mainEventLoopUtilization: number;
  /** Busy share of all the machine's cores (this process and anything else running), 0-1. */
  machineCpuBusy: number;
}

/** Busy and total CPU time of all cores since boot (ms). */
function machineCpu(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const t = c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle;
    total += t;
    busy += t - c.times.idle;
  }
  return { busy, total };
}

export interface RawInsert {
  rows: number;
  batchRows: number;
  seconds: number;
  rowsPerSecond: number;
}

export interface IngestResult {
  raw: RawInsert;
  runs: IngestRun[];
}

/** Partition the suite writes into and drops afterwards (the data set never reaches back that far). */
const INGEST_PARTITION = 202001;
const INGEST_EPOCH = Date.UTC(2020, 0, 1);
const INGEST_SPAN = 28 * 86_400_000;

const toIso = (dbTime: string): number => Date.parse(dbTime.replace(' ', 'T') + 'Z');

interface Prepared {
  /** One LogRecord JSON per log (what a gateway sends). */
  records: string[];
  /** The same logs as table rows (JSON lines without organisation), for the raw insert. */
  rows: Array<Record<string, unknown>>;
  bodyBytes: number;
}

/** A generated row (as the engine returns it) -> the record a gateway would POST, created at `createdMs`. */
export function toLogRecord(r: Record<string, any>, createdMs: number): Record<string, unknown> {
  const record: Record<string, unknown> = {
    request_id: r.request_id,
    request_created_at: new Date(createdMs).toISOString(),
    request_path: r.request_path,
    request_user_id: r.request_user_id,
    request_model: r.request_model,
    request_body: JSON.parse(r.request_body),
    target_url: r.target_url,
    country_code: r.country_code,
    response_id: r.response_id,
    response_created_at: new Date(createdMs + Number(r.delay_ms)).toISOString(),
    response_model: r.response_model,
    response_status: r.response_status,
    response_body: JSON.parse(r.response_body),
    provider: r.provider,
    model: r.model,
    delay_ms: Number(r.delay_ms),
    time_to_first_token: Number(r.time_to_first_token),
    total_tokens: Number(r.total_tokens),
    prompt_tokens: Number(r.prompt_tokens),
    prompt_cache_read_tokens: Number(r.prompt_cache_read_tokens),
    completion_tokens: Number(r.completion_tokens),
    reasoning_tokens: Number(r.reasoning_tokens),
    properties: r.properties,
    cache_enabled: Boolean(r.cache_enabled),
    // No cost: the service prices the log from the registry, as it does for gateways that send none.
  };
  if (Object.keys(r.scores).length) record.scores = r.scores;
  return record;
}

const dbTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** Rows of the generator (another seed than the data set's), as gateway records and as table rows. */
async function prepareLogs(db: Db, meta: DatasetMeta, count: number): Promise<Prepared> {
  const params = datasetParams({ ...meta, seed: meta.seed + 7919, rows: count });
  const select = generatingSelect();
  const records: string[] = [];
  const rows: Array<Record<string, unknown>> = [];
  let bodyBytes = 0;
  const start = Number(params.start_ms);
  for (let off = 0; off < count; off += 20_000) {
    const page = await db.query<Record<string, any>>(`SELECT * FROM (${select})`, { ...params, off, n: Math.min(20_000, count - off), pass: 0 });
    for (const r of page) {
      const created = INGEST_EPOCH + ((toIso(r.request_created_at) - start) % INGEST_SPAN);
      bodyBytes += r.request_body.length + r.response_body.length;
      records.push(JSON.stringify(toLogRecord(r, created)));
      rows.push({ ...r, request_created_at: dbTime(created), response_created_at: dbTime(created + Number(r.delay_ms)) });
    }
  }
  return { records, rows, bodyBytes };
}

function runLoadInWorker(job: LoadJob): Promise<LoadReport> {
  const client = new URL('../lib/load-client.ts', import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(client)});`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { workerData: job });
    worker.once('message', (m: { report?: LoadReport; error?: string }) => {
      void worker.terminate();
      if (m.report) resolve(m.report);
      else reject(new Error(`load client: ${m.error}`));
    });
    worker.once('error', reject);
  });
}

/** Polls until `org` has `expected` distinct requests; returns when they were first all visible (epoch ms). */
async function waitVisible(db: Db, org: string, expected: number, timeoutMs = 600_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [r] = await db.query<{ u: string }>(
      'SELECT uniqExact(request_id) AS u FROM request_response_rmt WHERE organization_id = {org:String}',
      { org },
    );
    if (Number(r?.u ?? 0) >= expected) return Date.now();
    if (Date.now() > deadline) throw new Error(`ingest: only ${r?.u} of ${expected} logs of ${org} visible after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

async function rawInsert(db: Db, rows: Array<Record<string, unknown>>, org: string, batchRows: number): Promise<RawInsert> {
  const batches: Buffer[] = [];
  for (let i = 0; i < rows.length; i += batchRows) {
    batches.push(Buffer.from(rows.slice(i, i + batchRows).map((r) => JSON.stringify({ ...r, organization_id: org })).join('\n') + '\n'));
  }
  const t0 = Date.now();
  for (const b of batches) await db.insertJsonLines('request_response_rmt', b);
  await waitVisible(db, org, rows.length);
  const seconds = (Date.now() - t0) / 1000;
  return { rows: rows.length, batchRows, seconds: round(seconds, 2), rowsPerSecond: Math.round(rows.length / seconds) };
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * Runs the HTTP forms against `server` (its buffer mode is `mode`), then returns the runs.
 * `prepared` is shared by every mode so each sends byte-identical logs.
 */
async function runForms(
  db: Db, server: BenchServer, mode: 'memory' | 'bullmq', prepared: Prepared, raw: RawInsert, opts: IngestOptions, tag: string,
): Promise<IngestRun[]> {
  const runs: IngestRun[] = [];
  const forms = [
    { form: 'ndjson-bulk' as const, logs: opts.bulkRows, contentType: 'application/x-ndjson' },
    { form: 'single-record' as const, logs: opts.singleRows, contentType: 'application/json' },
  ];
  for (const f of forms) {
    if (f.logs === 0) continue;
    const records = prepared.records.slice(0, f.logs);
    const bodies: string[] = [];
    if (f.form === 'ndjson-bulk') {
      for (let i = 0; i < records.length; i += opts.bulkBatch) bodies.push(records.slice(i, i + opts.bulkBatch).join('\n') + '\n');
    } else bodies.push(...records);
    const org = `bench-ingest-${mode}-${f.form}-${tag}`;
    const key = await server.keyFor(org);
    const cpu0 = process.cpuUsage();
    const m0 = machineCpu();
    const elu0 = performance.eventLoopUtilization();
    const report = await runLoadInWorker({
      url: `${server.url}/v1/log/request`, key, contentType: f.contentType, bodies, concurrency: opts.concurrency, maxRetries: 50,
    });
    if (report.failed.length) throw new Error(`ingest ${mode}/${f.form}: ${report.failed.length}+ POSTs failed, e.g. ${JSON.stringify(report.failed[0])}`);
    const visibleAt = await waitVisible(db, org, records.length);
    const cpu = process.cpuUsage(cpu0);
    const elu = performance.eventLoopUtilization(elu0);
    const m1 = machineCpu();
    const visibleSeconds = (visibleAt - report.startedAt) / 1000;
    const logsPerSecond = Math.round(records.length / visibleSeconds);
    const run: IngestRun = {
      mode, form: f.form, logs: records.length, posts: report.posts, concurrency: opts.concurrency, retries429: report.retries429,
      avgLogBytes: Math.round(records.reduce((a, r) => a + r.length, 0) / records.length),
      avgBodyBytes: Math.round(prepared.bodyBytes / prepared.records.length),
      ackSeconds: round((report.finishedAt - report.startedAt) / 1000, 2),
      visibleSeconds: round(visibleSeconds, 2),
      logsPerSecond,
      shareOfRaw: round(logsPerSecond / raw.rowsPerSecond, 3),
      processCpuCores: round((cpu.user + cpu.system) / 1e6 / visibleSeconds, 2),
      mainEventLoopUtilization: round(elu.utilization, 2),
      machineCpuBusy: round((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total), 2),
    };
    runs.push(run);
    opts.log(`  ${mode} | ${f.form} | ${run.logs} logs in ${run.visibleSeconds} s = ${logsPerSecond} logs/s (${Math.round(run.shareOfRaw * 100)}% of raw) | 429s: ${run.retries429} | CPU ${run.processCpuCores} cores, main loop ${Math.round(run.mainEventLoopUtilization * 100)}% busy, machine ${Math.round(run.machineCpuBusy * 100)}% busy`);
  }
  return runs;
}

export async function runIngest(
  db: Db,
  meta: DatasetMeta,
  startServer: (env: Record<string, string>) => Promise<BenchServer>,
  redisUrl: string | undefined,
  opts: IngestOptions,
): Promise<IngestResult> {
  const tag = Date.now().toString(36);
  const prepared = await prepareLogs(db, meta, Math.max(opts.bulkRows, opts.singleRows));
  try {
    const raw = await rawInsert(db, prepared.rows.slice(0, opts.bulkRows), `bench-ingest-raw-${tag}`, opts.rawBatchRows);
    opts.log(`  raw insert | ${raw.rows} rows in ${raw.seconds} s = ${raw.rowsPerSecond} rows/s (batches of ${raw.batchRows})`);
    const runs: IngestRun[] = [];
    const modes: Array<['memory' | 'bullmq', Record<string, string>]> = [['memory', { REDIS_URL: '' }]];
    if (redisUrl) modes.push(['bullmq', { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${tag}` }]);
    else opts.log('  (REDIS_URL not set: the BullMQ buffer mode is skipped)');
    for (const [mode, env] of modes) {
      const server = await startServer(env);
      try {
        runs.push(...(await runForms(db, server, mode, prepared, raw, opts, tag)));
      } finally {
        await server.close();
      }
    }
    return { raw, runs };
  } finally {
    // Leave the data set as it was: everything the suite wrote is in one partition of its own.
    await db.command(`ALTER TABLE request_response_rmt DROP PARTITION ${INGEST_PARTITION}`);
    await db.command(`DELETE FROM request_lookup WHERE organization_id LIKE 'bench-ingest-%'`);
  }
}
