// Key management for the CLI: through the running server's loopback admin API when one holds the engine,
// else straight on the engine.
import fs from 'node:fs';
import type { Config } from '../config.js';
import { KeyStore, type ApiKeyInfo } from '../auth/keys.js';
import { openDb } from '../db/client.js';
import { EngineLockedError } from '../db/errors.js';
import { migrate } from '../db/migrate.js';
import { adminFile } from '../server.js';

export class CliError extends Error {}

interface AdminEndpoint {
  port: number;
  token: string;
}

function runningServer(config: Config): AdminEndpoint | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(adminFile(config), 'utf8')) as AdminEndpoint & { pid: number };
    process.kill(info.pid, 0); // throws when the process is gone (stale file after a crash)
    return info;
  } catch {
    return undefined;
  }
}

async function viaServer<T>(ep: AdminEndpoint, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${ep.port}/internal/admin${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-switchyard-admin': ep.token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; error: string | null };
  if (!res.ok) throw new CliError(json.error ?? `server answered ${res.status}`);
  return json.data;
}

async function direct<T>(config: Config, fn: (keys: KeyStore) => Promise<T>): Promise<T> {
  let db;
  try {
    db = await openDb(config);
  } catch (err) {
    if (err instanceof EngineLockedError) {
      throw new CliError(
        `${err.message}, and no running Switchyard server was found through ${adminFile(config)}. ` +
          'Run this command on the machine of the server with the same DATA_DIR, or stop the other process.',
      );
    }
    throw err;
  }
  try {
    await migrate(db);
    return await fn(new KeyStore(db, 0));
  } finally {
    await db.close();
  }
}

export async function createKey(config: Config, org: string, name?: string) {
  const ep = runningServer(config);
  if (ep) return viaServer<{ id: string; key: string; organization_id: string }>(ep, 'POST', '/keys', { org, ...(name ? { name } : {}) });
  return direct(config, (k) => k.create({ org, name }));
}

export async function listKeys(config: Config): Promise<ApiKeyInfo[]> {
  const ep = runningServer(config);
  if (ep) return viaServer<ApiKeyInfo[]>(ep, 'GET', '/keys');
  return direct(config, (k) => k.list());
}

export async function revokeKey(config: Config, id: string): Promise<void> {
  const ep = runningServer(config);
  if (ep) {
    await viaServer(ep, 'DELETE', `/keys/${encodeURIComponent(id)}`);
    return;
  }
  await direct(config, (k) => k.revoke(id));
}
