// A Switchyard server started inside the benchmark process on the benchmark's engine (the embedded engine allows
// one process per data directory), and the small HTTP client the suites time.
import type { Config } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { benchConfig } from './engine.js';

export interface BenchServer {
  server: RunningServer;
  url: string;
  /** A fresh API key for `org`. */
  keyFor(org: string): Promise<string>;
  close(): Promise<void>;
}

export async function startBenchServer(db: Db, env: Record<string, string> = {}): Promise<BenchServer> {
  const config: Config = benchConfig({ PORT: '0', HOST: '127.0.0.1', ...env });
  const server = await startServer(config, { db, logger: createLogger(config.logLevel) });
  return {
    server,
    url: server.url,
    keyFor: async (org) => (await server.ctx.keys.create({ org, name: 'benchmark' })).key,
    close: () => server.close(),
  };
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

/** One HTTP call with a JSON (or raw) body; the reply body is read in full, as a dashboard would. */
export async function call(
  url: string,
  opts: { method?: string; key: string; json?: unknown; raw?: string; contentType?: string },
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.key}` };
  let body: string | undefined;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  } else if (opts.raw !== undefined) {
    body = opts.raw;
    headers['content-type'] = opts.contentType ?? 'application/json';
  }
  const res = await fetch(url, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
