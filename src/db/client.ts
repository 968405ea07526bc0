// The only door to ClickHouse. Which engine answers (server over HTTP, or embedded chDB) is decided here.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import type { Config } from '../config.js';
import { EngineLockedError, wrapDbError } from './errors.js';

export type QueryParams = Record<string, unknown>;

export interface QueryOptions {
  /** Free text recorded in system.query_log (route, organisation) to trace a slow query back. */
  comment?: string;
}

export interface Db {
  readonly kind: 'embedded' | 'server';
  /** Read rows (JSONEachRow) of a parameterised query. */
  query<T>(sql: string, params?: QueryParams, opts?: QueryOptions): Promise<T[]>;
  /** DDL or other statements without a result. */
  command(sql: string, params?: QueryParams): Promise<void>;
  /** Insert JS rows on the write connection. */
  insert(table: string, rows: readonly object[]): Promise<void>;
  /** Insert pre-serialised JSON lines on the write connection (no re-serialisation in JS). */
  insertJsonLines(table: string, lines: Buffer): Promise<void>;
  close(): Promise<void>;
}

// Set once at client level: with chDB, per-query settings would stick to the connection anyway.
const SETTINGS: ClickHouseSettings = {
  output_format_json_quote_64bit_integers: 1,
  date_time_input_format: 'best_effort',
  // Readers wait for the insert to be visible: an acknowledged write must be readable at once.
  async_insert: 0,
};

type ChdbExt = {
  chdb?: { rawInsert(p: { table: string; format: 'JSONEachRow'; values: Buffer; settings?: Record<string, number> }): Promise<unknown> };
};

export async function openDb(config: Config): Promise<Db> {
  if (config.clickhouse.url) {
    const mk = () =>
      createClient({
        url: config.clickhouse.url,
        username: config.clickhouse.user,
        password: config.clickhouse.password,
        database: config.clickhouse.database,
        clickhouse_settings: SETTINGS,
      });
    return new ClientDb('server', mk(), mk(), undefined);
  }
  const dir = path.join(config.dataDir, 'clickhouse');
  fs.mkdirSync(dir, { recursive: true });
  const { createChdbConnection } = await import('chdb/connection');
  const mk = () => {
    const connection = createChdbConnection({ path: dir });
    const client = createClient({ connection, clickhouse_settings: SETTINGS } as never) as ClickHouseClient;
    return { client, connection: connection as unknown as ChdbExt };
  };
  let reader: ReturnType<typeof mk>;
  try {
    reader = mk();
    // Opening is lazy: the first statement is where a locked directory shows.
    await reader.client.command({ query: 'SELECT 1' });
  } catch (err) {
    if (/already running|lock/i.test(String((err as Error)?.message))) throw new EngineLockedError(dir, err);
    throw err;
  }
  // Ingestion gets its own connection: one connection runs one query at a time (CHDB-NOTES).
  const writer = mk();
  return new ClientDb('embedded', reader.client, writer.client, writer.connection);
}

class ClientDb implements Db {
  constructor(
    readonly kind: 'embedded' | 'server',
    private readonly reader: ClickHouseClient,
    private readonly writer: ClickHouseClient,
    private readonly chdbWriter: ChdbExt | undefined,
  ) {}

  async query<T>(sql: string, params: QueryParams = {}, opts: QueryOptions = {}): Promise<T[]> {
    const query_id = randomUUID();
    try {
      const rs = await this.reader.query({
        query: sql,
        query_params: params,
        format: 'JSONEachRow',
        query_id,
        ...(opts.comment && this.kind === 'server' ? { clickhouse_settings: { log_comment: opts.comment } } : {}),
      });
      return (await rs.json()) as T[];
    } catch (err) {
      throw wrapDbError(err, query_id, 'query');
    }
  }

  async command(sql: string, params: QueryParams = {}): Promise<void> {
    const query_id = randomUUID();
    try {
      await this.reader.command({ query: sql, query_params: params, query_id });
    } catch (err) {
      throw wrapDbError(err, query_id, 'command');
    }
  }

  async insert(table: string, rows: readonly object[]): Promise<void> {
    if (rows.length === 0) return;
    const query_id = randomUUID();
    try {
      await this.writer.insert({ table, values: rows as object[], format: 'JSONEachRow', query_id });
    } catch (err) {
      throw wrapDbError(err, query_id, `insert into ${table}`);
    }
  }

  async insertJsonLines(table: string, lines: Buffer): Promise<void> {
    if (lines.length === 0) return;
    const query_id = randomUUID();
    try {
      if (this.chdbWriter?.chdb) {
        await this.chdbWriter.chdb.rawInsert({ table, format: 'JSONEachRow', values: lines });
      } else {
        const { Readable } = await import('node:stream');
        await this.writer.insert({ table, values: Readable.from([lines]), format: 'JSONEachRow', query_id });
      }
    } catch (err) {
      throw wrapDbError(err, query_id, `insert into ${table}`);
    }
  }

  async close(): Promise<void> {
    await this.writer.close();
    await this.reader.close();
  }
}
