// Opening the benchmark's engine and describing the machine it runs on. The data set lives in its own DATA_DIR
// (default benchmarks/data, git-ignored), never in the server's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../../src/config.js';
import { openDb, type Db } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DATA_DIR = path.join(BENCH_DIR, 'data');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

/** The process config for a benchmark: the environment, with DATA_DIR defaulting to benchmarks/data. */
export function benchConfig(extra: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    DATA_DIR: process.env.DATA_DIR || DEFAULT_DATA_DIR,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    ...extra,
  });
}

/** Opens the engine and applies the migrations, so the schema is exactly the service's. */
export async function openBenchDb(config: Config): Promise<Db> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = await openDb(config);
  await migrate(db);
  return db;
}

export interface MachineFacts {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  os: string;
  node: string;
  engine: { kind: 'embedded' | 'server'; clickhouseVersion: string; chdbPackage?: string; clientPackage: string };
  uvThreadpoolSize: string;
}

function packageVersion(name: string): string | undefined {
  try {
    const file = path.join(BENCH_DIR, '..', 'node_modules', name, 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

export async function machineFacts(db: Db): Promise<MachineFacts> {
  const [v] = await db.query<{ v: string }>('SELECT version() AS v');
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    engine: {
      kind: db.kind,
      clickhouseVersion: v?.v ?? 'unknown',
      chdbPackage: db.kind === 'embedded' ? packageVersion('chdb') : undefined,
      clientPackage: packageVersion('@clickhouse/client') ?? 'unknown',
    },
    uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? '4 (default)',
  };
}

/** 1, 5 and 15-minute load averages: other work on the machine makes figures noisy, so every result records it. */
export const loadAverage = (): number[] => os.loadavg().map((x) => Math.round(x * 100) / 100);
