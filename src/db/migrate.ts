// Applies the numbered DDL files in clickhouse/ in order, once each; a second run applies nothing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../clickhouse');

/** Splits a migration file into statements: `;` at the end of a line ends one; `--` lines are comments. */
export function splitStatements(text: string): string[] {
  const withoutComments = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function listMigrations(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
}

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.command(
    `CREATE TABLE IF NOT EXISTS schema_migrations (name String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))
     ENGINE = MergeTree ORDER BY name`,
  );
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of listMigrations(dir)) {
    if (done.has(file)) continue;
    for (const stmt of splitStatements(fs.readFileSync(path.join(dir, file), 'utf8'))) {
      await db.command(stmt);
    }
    await db.insert('schema_migrations', [{ name: file }]);
    applied.push(file);
  }
  return applied;
}
