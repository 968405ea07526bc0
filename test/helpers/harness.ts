// One real Switchyard per test process: the embedded engine allows one data directory per process, so every
// test shares it and isolates itself with a fresh organisation (newOrg), as ARCHITECTURE section 7 says.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../src/config.js';
import { openDb, type Db } from '../../src/db/client.js';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';

export interface Harness {
  config: Config;
  db: Db;
  server: RunningServer;
  url: string;
  dataDir: string;
}

let current: Promise<Harness> | undefined;

export function testConfig(extra: Record<string, string> = {}, dataDir?: string): Config {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'switchyard-test-')),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_CACHE_MS: '1000',
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true', // tests deliver to fake destinations on 127.0.0.1
    ...extra,
  });
}

/** The shared server (started on first use, stopped by the root hook). */
export function harness(): Promise<Harness> {
  current ??= (async () => {
    const config = testConfig();
    const db = await openDb(config);
    const server = await startServer(config, { db, logger: createLogger(config.logLevel) });
    return { config, db, server, url: server.url, dataDir: config.dataDir };
  })();
  return current;
}

export async function stopHarness(): Promise<void> {
  if (!current) return;
  const h = await current;
  current = undefined;
  await h.server.close();
  await h.db.close();
  fs.rmSync(h.dataDir, { recursive: true, force: true });
}

export interface Org {
  org: string;
  key: string;
  keyId: string;
}

/** A fresh organisation with its own API key. */
export async function newOrg(prefix = 'org'): Promise<Org> {
  const h = await harness();
  const org = `${prefix}-${randomBytes(6).toString('hex')}`;
  const { key, id } = await h.server.ctx.keys.create({ org });
  return { org, key, keyId: id };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Real HTTP against the shared server (or `base`). `body` objects are sent as JSON; strings as they are. */
export async function api<T = any>(
  method: string,
  urlPath: string,
  opts: { key?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {},
): Promise<ApiResponse<T>> {
  const base = opts.base ?? (await harness()).url;
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | Buffer | undefined;
  if (opts.body !== undefined) {
    if (typeof opts.body === 'string' || Buffer.isBuffer(opts.body)) body = opts.body;
    else body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + urlPath, { method, headers, body: body as BodyInit | undefined });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/**
 * A second server on the shared engine whose registry sees `providerEnv` (e.g. `COHERE_BASE_URL` of a fake upstream
 * on 127.0.0.1). Provider credentials are read from the environment when a context is built, so the variables are
 * set only around the start.
 */
export async function serverWithProviders(
  providerEnv: Record<string, string>,
  extraConfig: Record<string, string> = {},
): Promise<RunningServer> {
  const h = await harness();
  const saved = Object.fromEntries(Object.keys(providerEnv).map((k) => [k, process.env[k]]));
  Object.assign(process.env, providerEnv);
  try {
    return await startServer(testConfig(extraConfig, h.dataDir), { db: h.db, logger: createLogger('silent') });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
