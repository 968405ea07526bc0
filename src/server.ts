// Starts and stops a whole Switchyard process: engine, migrations, features, HTTP. Used by `serve` and by tests.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import { openDb, type Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createApp } from './http/app.js';
import { createLogger, type Logger } from './logger.js';

export interface RunningServer {
  ctx: AppContext;
  server: http.Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The file through which the CLI finds a server that holds the embedded engine. */
export const adminFile = (config: Config) => path.join(config.dataDir, 'server.json');

export async function startServer(
  config: Config,
  opts: { db?: Db; logger?: Logger; host?: string; shutdownHookTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const shutdownHookTimeoutMs = opts.shutdownHookTimeoutMs ?? 10_000;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const ownsDb = !opts.db;
  const db = opts.db ?? (await openDb(config));
  await migrate(db);
  const ctx = createContext({ config, db, logger });
  const app = createApp(ctx);
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, opts.host ?? config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const writeAdminFile = ownsDb && db.kind === 'embedded';
  if (writeAdminFile) {
    fs.writeFileSync(adminFile(config), JSON.stringify({ pid: process.pid, port, token: ctx.adminToken }), {
      mode: 0o600,
    });
  }
  logger.info({ port, engine: db.kind, dataDir: config.dataDir }, 'switchyard listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Order: stop accepting and finish in-flight HTTP, then features (flush buffers), then the engine.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      for (const [i, hook] of ctx.shutdownHooks.entries()) {
        // Bounded: a hook waiting on an unreachable Redis (BullMQ close) must not hang the exit. What such a hook
        // holds was acknowledged from Redis, so it is still there for the next worker.
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), shutdownHookTimeoutMs)));
        try {
          if ((await Promise.race([hook(), timeout])) === 'timeout') {
            logger.error({ hook: i, timeoutMs: shutdownHookTimeoutMs }, 'shutdown hook did not finish in time; going on');
          }
        } catch (err) {
          logger.error({ err }, 'shutdown hook failed');
        } finally {
          clearTimeout(timer);
        }
      }
      if (writeAdminFile) fs.rmSync(adminFile(config), { force: true });
      if (ownsDb) await db.close();
      logger.info('switchyard stopped');
    })());
  return { ctx, server, url: `http://127.0.0.1:${port}`, port, close };
}
