// npm run bench:data -- --rows N [--orgs N] [--days 30] [--seed S] [--fresh]
// Writes a realistic, seed-determined data set straight into the engine's tables (DATA_DIR, default
// benchmarks/data). Rows are computed inside the engine (`INSERT ... SELECT FROM numbers()`, see lib/dataset.ts):
// about 3x faster than serialising the same rows in JS and inserting them (CHDB-NOTES), and nothing crosses into JS.
import fs from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { BenchUsageError, int, runMain } from './lib/cli.js';
import cliProgress from 'cli-progress';
import type { Db } from '../src/db/client.js';
import {
  DEFAULT_END, GENERATED_COLUMNS, datasetParams, generatingSelect, metaFile, readMeta, orgShares,
  type DatasetMeta, type DatasetSpec,
} from './lib/dataset.js';
import { benchConfig, loadAverage, openBenchDb } from './lib/engine.js';

const fraction = (raw: string) => {
  const n = Number(raw);
  if (!(n >= 0 && n <= 1)) throw new InvalidArgumentError('must be a number from 0 to 1');
  return n;
};
const isoTime = (raw: string) => {
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw new InvalidArgumentError('must be an ISO 8601 time, e.g. 2026-01-01T00:00:00Z');
  return new Date(ms).toISOString();
};

/**
 * Waits until the engine has no merge running on the request table (three quiet polls in a row), at most `maxMs`:
 * benchmarks then measure a settled table, not one that background merges are still rewriting.
 */
export async function settleMerges(db: Db, maxMs: number): Promise<{ seconds: number; settled: boolean }> {
  const t0 = Date.now();
  let quiet = 0;
  while (Date.now() - t0 < maxMs) {
    const [m] = await db.query<{ n: string }>(
      "SELECT count() AS n FROM system.merges WHERE database = currentDatabase() AND table = 'request_response_rmt'",
    );
    quiet = Number(m?.n ?? 0) === 0 ? quiet + 1 : 0;
    if (quiet >= 3) return { seconds: (Date.now() - t0) / 1000, settled: true };
    await new Promise((r) => setTimeout(r, 2000));
  }
  return { seconds: (Date.now() - t0) / 1000, settled: false };
}

/**
 * Inserts the rows whose request time falls in [from, to): originals, their updated versions, and lookup rows.
 * Chunks go in time order, as a gateway logs, so each part covers a narrow time range and parts overlap little,
 * which is what FINAL's cost depends on (rows in random time order made every part overlap every other one and
 * FINAL 2-3x slower: results of 2026-11-22T04-38 in git history).
 */
export async function insertWindow(db: Db, params: Record<string, unknown>, rows: number, from: number, to: number): Promise<void> {
  const select = generatingSelect();
  const cols = GENERATED_COLUMNS.join(', ');
  const p = { ...params, off: 0, n: rows, t_from: from, t_to: to };
  // Without squashing into 1M-row blocks and with both cores writing, a chunk goes in about 3x faster (measured:
  // 250k rows in 3.0 s instead of 10.1 s); the price is more, smaller parts, which background merges combine.
  const fast = 'SETTINGS max_insert_threads = 2, min_insert_block_size_rows = 0, min_insert_block_size_bytes = 0';
  await db.command(`INSERT INTO request_response_rmt (${cols}) ${select} ${fast}`, { ...p, pass: 0 });
  await db.command(`INSERT INTO request_response_rmt (${cols}) ${select} ${fast}`, { ...p, pass: 1 });
  await db.command(
    `INSERT INTO request_lookup (organization_id, request_id, request_created_at)
     SELECT organization_id, request_id, request_created_at FROM (${select})`,
    { ...p, pass: 0 },
  );
}

async function main(): Promise<void> {
  const opts = new Command('bench:data')
    .description('Generate a benchmark data set in DATA_DIR (default benchmarks/data)')
    .option('--rows <n>', 'logged requests to generate', int(1, 1_000_000_000), 1_000_000)
    .option('--orgs <n>', 'organisations (Zipf-sized: bench-org-000 is the largest)', int(2, 10_000), 50)
    .option('--days <n>', 'days of history', int(1, 3650), 30)
    .option('--seed <n>', 'random seed: the same seed and sizes give the same rows', int(0, 2 ** 31 - 1), 1)
    .option('--end <time>', 'end of the time range (ISO 8601)', isoTime, DEFAULT_END)
    .option('--updated <fraction>', 'share of requests later updated (property or eval write)', fraction, 0.1)
    .option('--chunk <n>', 'rows per INSERT, about (each covers an equal slice of time)', int(1000, 10_000_000), 250_000)
    .option('--settle-minutes <n>', 'afterwards, wait at most this long for background merges to finish', int(0, 600), 20)
    .option('--fresh', 'delete an existing benchmark data set in DATA_DIR first')
    .parse()
    .opts<{ rows: number; orgs: number; days: number; seed: number; end: string; updated: number; chunk: number; settleMinutes: number; fresh?: boolean }>();

  const config = benchConfig();
  const existing = readMeta(config.dataDir);
  if (existing && !opts.fresh) {
    throw new BenchUsageError(`${config.dataDir} already holds a data set (${existing.rows} rows, seed ${existing.seed}); pass --fresh to replace it`);
  }
  if (opts.fresh && fs.existsSync(config.dataDir)) {
    // Only a directory this tool made (or an empty one) is ever deleted.
    if (!existing && fs.readdirSync(config.dataDir).length > 0) {
      throw new BenchUsageError(`${config.dataDir} is not a benchmark data set (no ${metaFile(config.dataDir)}); refusing to delete it`);
    }
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  }

  const db = await openBenchDb(config);
  try {
    const [{ c } = { c: '0' }] = await db.query<{ c: string }>('SELECT count() AS c FROM request_response_rmt');
    if (Number(c) > 0) throw new BenchUsageError(`${config.dataDir} already holds ${c} request rows; use an empty DATA_DIR or --fresh`);

    const spec: DatasetSpec = {
      rows: opts.rows, orgs: opts.orgs, days: opts.days, seed: opts.seed, end: opts.end, updatedFraction: opts.updated,
    };
    const params = datasetParams(spec);
    const loadBefore = loadAverage();
    const bar = new cliProgress.SingleBar(
      {
        format: 'generating [{bar}] {percentage}% | {value}/{total} rows | {rate} rows/s | ETA {eta_formatted}',
        hideCursor: true,
        // Without a terminal (CI, a log file) a line every 10 s instead of a redrawn bar.
        noTTYOutput: true,
        notTTYSchedule: 10_000,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(spec.rows, 0, { rate: 0 });
    const t0 = Date.now();
    const chunks = Math.ceil(spec.rows / opts.chunk);
    const from = Number(params.start_ms);
    const step = Number(params.span_ms) / chunks;
    for (let c = 0; c < chunks; c++) {
      await insertWindow(db, params, spec.rows, Math.round(from + c * step), c === chunks - 1 ? Number.MAX_SAFE_INTEGER : Math.round(from + (c + 1) * step));
      const done = Math.round(((c + 1) / chunks) * spec.rows);
      bar.update(done, { rate: Math.round(done / ((Date.now() - t0) / 1000)).toLocaleString('en-US') });
    }
    bar.stop();
    const seconds = (Date.now() - t0) / 1000;
    const settle = await settleMerges(db, opts.settleMinutes * 60_000);

    const [sizes] = await db.query<{ rows: string; bytes: string; raw: string; parts: string }>(
      `SELECT sum(rows) AS rows, sum(data_compressed_bytes) AS bytes, sum(data_uncompressed_bytes) AS raw, count() AS parts
       FROM system.parts WHERE active AND database = currentDatabase() AND table = 'request_response_rmt'`,
    );
    const meta: DatasetMeta = {
      ...spec,
      generatedAt: new Date().toISOString(),
      catalog: 'registry',
      orgShares: orgShares(spec.orgs),
      generateSeconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(spec.rows / seconds),
      mergesSettledAfterSeconds: settle.settled ? Math.round(settle.seconds) : null,
    };
    fs.writeFileSync(metaFile(config.dataDir), JSON.stringify(meta, null, 2) + '\n');
    const gib = (b: string | undefined) => (Number(b ?? 0) / 2 ** 30).toFixed(2);
    console.log(
      [
        `data set: ${spec.rows.toLocaleString('en-US')} requests in ${spec.orgs} organisations over ${spec.days} days (seed ${spec.seed}) in ${config.dataDir}`,
        `stored rows (with ${Math.round(spec.updatedFraction * 100)}% re-inserted as updates): ${Number(sizes?.rows ?? 0).toLocaleString('en-US')} in ${sizes?.parts} parts, ${gib(sizes?.bytes)} GiB on disk (${gib(sizes?.raw)} GiB uncompressed)`,
        `background merges ${settle.settled ? 'finished' : 'still running'} after ${Math.round(settle.seconds)} s more`,
        `generated in ${meta.generateSeconds} s: ${meta.rowsPerSecond.toLocaleString('en-US')} requests/s (load average before: ${loadBefore.join(', ')}; after: ${loadAverage().join(', ')})`,
      ].join('\n'),
    );
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runMain('bench:data', main);
