// Environment -> typed, validated config. The one place that reads process.env for settings.
import path from 'node:path';

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  clickhouse: { url?: string; user: string; password: string; database: string };
  redisUrl?: string;
  /** Prefix of every Redis key (BullMQ queues, locks), so deployments and test runs can share a Redis. */
  redisPrefix: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** How long a verified API key is trusted before it is looked up again (revocation latency). */
  authCacheMs: number;
  ingest: { batchRows: number; flushMs: number; maxBufferedRows: number; maxRequestsPerPost: number; workers: boolean };
  registryFile?: string;
  /** Webhook destinations may be loopback/private/link-local addresses (off: only public ones; see src/webhooks). */
  webhookAllowPrivateDestinations: boolean;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(name, `must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(u.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${u.protocol}"`);
  }
  return raw;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return def;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${env[name]}"`);
}

function redisPrefix(env: Env): string {
  const raw = env.REDIS_PREFIX || 'switchyard';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(raw)) throw new ConfigError('REDIS_PREFIX', `must be 1-64 of A-Z a-z 0-9 _ . -, got "${raw}"`);
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const database = env.CLICKHOUSE_DATABASE || 'default';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database)) {
    throw new ConfigError('CLICKHOUSE_DATABASE', `must be a plain identifier, got "${database}"`);
  }
  return Object.freeze({
    port: int(env, 'PORT', 8787, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    clickhouse: {
      url: url(env, 'CLICKHOUSE_URL', ['http:', 'https:']),
      user: env.CLICKHOUSE_USER || 'default',
      password: env.CLICKHOUSE_PASSWORD || '',
      database,
    },
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: redisPrefix(env),
    logLevel,
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 10 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    authCacheMs: int(env, 'AUTH_CACHE_MS', 2000, 0, 5000),
    ingest: {
      batchRows: int(env, 'INGEST_BATCH_ROWS', 5000, 1, 100_000),
      flushMs: int(env, 'INGEST_FLUSH_MS', 200, 1, 60_000),
      maxBufferedRows: int(env, 'INGEST_MAX_BUFFERED_ROWS', 200_000, 1, 100_000_000),
      maxRequestsPerPost: int(env, 'INGEST_MAX_REQUESTS_PER_POST', 10_000, 1, 1_000_000),
      // With REDIS_URL: also run the ingestion workers in the API process (`false`: API only; see `switchyard worker`).
      workers: bool(env, 'INGEST_WORKERS', true),
    },
    registryFile: env.REGISTRY_FILE ? path.resolve(env.REGISTRY_FILE) : undefined,
    webhookAllowPrivateDestinations: bool(env, 'WEBHOOK_ALLOW_PRIVATE_DESTINATIONS', false),
  });
}
