// npm run bench -- [--rows N] [--runs K] [--suites query,lookup,ingest]
// Runs the suites on the data set in DATA_DIR (default benchmarks/data; make it with `npm run bench:data`), prints
// a table and writes every figure, with machine facts, sizes and load averages, to benchmarks/results/*.json.
// The server is started inside this process on the same engine (the embedded engine is one process per data dir).
import fs from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { BenchUsageError, int, runMain } from './lib/cli.js';
import { readMeta } from './lib/dataset.js';
import { RESULTS_DIR, benchConfig, loadAverage, machineFacts, openBenchDb } from './lib/engine.js';
import { startBenchServer } from './lib/http.js';
import { checkTargets, renderTables } from './lib/report.js';
import { runIngest, type IngestResult } from './suites/ingest.js';
import { runAnalytics, runLookups, type AnalyticsResult, type LookupResult } from './suites/query.js';

const SUITES = ['query', 'lookup', 'ingest'] as const;
type Suite = (typeof SUITES)[number];

const suiteList = (raw: string): Suite[] => {
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of list) if (!(SUITES as readonly string[]).includes(s)) throw new InvalidArgumentError(`unknown suite "${s}" (allowed: ${SUITES.join(', ')})`);
  return list as Suite[];
};

interface Options {
  rows?: number;
  runs: number;
  warmup: number;
  suites: Suite[];
  ingestRows: number;
  ingestSingle: number;
  ingestBatch: number;
  concurrency: number;
  out?: string;
  note?: string;
}

async function main(): Promise<void> {
  const opts = new Command('bench')
    .description('Query latency and ingestion throughput on the data set in DATA_DIR (default benchmarks/data)')
    .option('--rows <n>', 'expected size of the data set (a check: refuses a data set of another size)', int(1, 1_000_000_000))
    .option('--runs <k>', 'measured runs per query', int(1, 10_000), 20)
    .option('--warmup <k>', 'unmeasured runs before them', int(0, 1000), 3)
    .option('--suites <list>', `comma-separated: ${SUITES.join(', ')}`, suiteList, [...SUITES])
    .option('--ingest-rows <n>', 'logs sent as NDJSON bulk per buffer mode (also the raw insert size)', int(0, 10_000_000), 100_000)
    .option('--ingest-single <n>', 'logs sent one per POST per buffer mode', int(0, 10_000_000), 20_000)
    .option('--ingest-batch <n>', 'logs per NDJSON POST', int(1, 100_000), 500)
    .option('--concurrency <n>', 'concurrent ingestion clients', int(1, 1024), 64)
    .option('--out <file>', 'results file (default benchmarks/results/<rows>-<time>.json)')
    .option('--note <text>', 'free text stored with the results (e.g. what else ran on the machine)')
    .parse()
    .opts<Options>();

  const config = benchConfig();
  const meta = readMeta(config.dataDir);
  if (!meta) throw new BenchUsageError(`no data set in ${config.dataDir}: run \`npm run bench:data -- --rows ${opts.rows ?? 1_000_000}\` first`);
  if (opts.rows !== undefined && opts.rows !== meta.rows) {
    throw new BenchUsageError(`the data set in ${config.dataDir} has ${meta.rows} rows, not ${opts.rows}: run \`npm run bench:data -- --rows ${opts.rows} --fresh\``);
  }
  if (process.env.UV_THREADPOOL_SIZE === undefined) {
    console.warn('warning: UV_THREADPOOL_SIZE is not set; queued engine queries can starve file and DNS work (CHDB-NOTES)');
  }

  const log = (line: string) => console.log(line);
  const db = await openBenchDb(config);
  const startedAt = new Date();
  const loadBefore = loadAverage();
  let analytics: AnalyticsResult[] = [];
  let lookups: LookupResult[] = [];
  let ingest: IngestResult | undefined;
  try {
    const machine = await machineFacts(db);
    const [table] = await db.query<{ rows: string; parts: string; bytes: string; raw: string }>(
      `SELECT sum(rows) AS rows, count() AS parts, sum(data_compressed_bytes) AS bytes, sum(data_uncompressed_bytes) AS raw
       FROM system.parts WHERE active AND database = currentDatabase() AND table = 'request_response_rmt'`,
    );
    const [dedup] = await db.query<{ n: string }>('SELECT count() AS n FROM request_response_rmt FINAL');
    const sizes = {
      storedRows: Number(table?.rows ?? 0),
      /** Rows after deduplication: the number of logged requests. */
      requests: Number(dedup?.n ?? 0),
      /** Stored rows that FINAL must still merge away (updates not yet merged by the engine). */
      pendingDuplicates: Number(table?.rows ?? 0) - Number(dedup?.n ?? 0),
      activeParts: Number(table?.parts ?? 0),
      compressedBytes: Number(table?.bytes ?? 0),
      uncompressedBytes: Number(table?.raw ?? 0),
    };
    log(`data set: ${meta.rows.toLocaleString('en-US')} requests (seed ${meta.seed}, ${meta.orgs} orgs, ${meta.days} days); ` +
      `${sizes.storedRows.toLocaleString('en-US')} stored rows in ${sizes.activeParts} parts; ${machine.cpus} cores, ${machine.memoryGiB} GiB; ` +
      `ClickHouse ${machine.engine.clickhouseVersion} (${machine.engine.kind}); load average ${loadBefore.join(', ')}`);

    if (opts.suites.includes('query') || opts.suites.includes('lookup')) {
      const server = await startBenchServer(db, { REDIS_URL: '' });
      try {
        const qopts = { runs: opts.runs, warmup: opts.warmup, log };
        if (opts.suites.includes('query')) {
          log(`query latency (${opts.runs} runs after ${opts.warmup} warm-up runs each):`);
          analytics = await runAnalytics(db, server, meta, qopts);
        }
        if (opts.suites.includes('lookup')) {
          log('request lookups:');
          lookups = await runLookups(db, server, meta, qopts);
        }
      } finally {
        await server.close();
      }
    }
    if (opts.suites.includes('ingest')) {
      log(`ingestion (${opts.concurrency} concurrent clients):`);
      ingest = await runIngest(db, meta, (env) => startBenchServer(db, env), process.env.REDIS_URL || undefined, {
        bulkRows: opts.ingestRows, bulkBatch: opts.ingestBatch, singleRows: opts.ingestSingle, concurrency: opts.concurrency,
        rawBatchRows: config.ingest.batchRows, log,
      });
    }

    const targets = checkTargets(analytics, lookups, ingest);
    const finishedAt = new Date();
    const result = {
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      note: opts.note,
      machine,
      loadAverage: { before: loadBefore, after: loadAverage() },
      dataset: meta,
      sizes,
      options: { runs: opts.runs, warmup: opts.warmup, suites: opts.suites, ingestRows: opts.ingestRows, ingestSingle: opts.ingestSingle, ingestBatch: opts.ingestBatch, concurrency: opts.concurrency },
      method: {
        analytics: 'http = the endpoint over HTTP on a server in the benchmark process; exactSql = the SQL the endpoint builds (its own builder), run on the engine; baselineSql = the same SQL with FINAL removed; ratio = exact p50 / baseline p50. Runs of the three are interleaved.',
        lookup: 'GET /v1/request/{id} over HTTP, a different random id each run.',
        ingest: 'POST /v1/log/request from a worker thread with N concurrent clients; seconds from the first request to the last row visible (uniqExact(request_id) in the table). Raw insert: the same rows as JSON lines, one connection, batches of INGEST_BATCH_ROWS, from the first insert to visible.',
      },
      analytics,
      lookups,
      ingest,
      targets,
    };
    const file = opts.out ?? path.join(RESULTS_DIR, `${meta.rows}-rows-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
    log('');
    log(renderTables(analytics, lookups, ingest, targets));
    log(`\nload average before ${loadBefore.join(', ')}, after ${result.loadAverage.after.join(', ')}; results: ${path.relative(process.cwd(), file)}`);
  } finally {
    await db.close();
  }
}

runMain('bench', main);
