import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.js';
import { listMigrations, migrate, splitStatements } from '../../src/db/migrate.js';
import { harness } from '../helpers/harness.js';

describe('config', () => {
  it('defaults: port 8787, ./data, embedded engine, in-process buffer', () => {
    const c = loadConfig({});
    expect(c.port).to.equal(8787);
    expect(c.dataDir).to.equal(path.resolve('./data'));
    expect(c.clickhouse.url).to.equal(undefined);
    expect(c.redisUrl).to.equal(undefined);
  });

  const bad: Array<[Record<string, string>, string, RegExp]> = [
    [{ PORT: 'eighty' }, 'PORT', /must be an integer/],
    [{ PORT: '70000' }, 'PORT', /between 0 and 65535/],
    [{ CLICKHOUSE_URL: 'not a url' }, 'CLICKHOUSE_URL', /must be a URL/],
    [{ CLICKHOUSE_URL: 'ftp://x' }, 'CLICKHOUSE_URL', /http: or https:/],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL', /redis: or rediss:/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /must be one of/],
    [{ AUTH_CACHE_MS: '60000' }, 'AUTH_CACHE_MS', /between 0 and 5000/],
    [{ CLICKHOUSE_DATABASE: 'x; DROP' }, 'CLICKHOUSE_DATABASE', /plain identifier/],
  ];
  for (const [env, variable, msg] of bad) {
    it(`rejects ${JSON.stringify(env)} naming ${variable}`, () => {
      try {
        loadConfig(env);
        expect.fail('no error');
      } catch (err) {
        expect(err).to.be.instanceOf(ConfigError);
        expect((err as ConfigError).variable).to.equal(variable);
        expect((err as Error).message).to.match(msg).and.to.match(new RegExp(`^${variable}:`));
      }
    });
  }
});

describe('migrations', () => {
  it('splits statements on ; at end of line and drops comment lines', () => {
    expect(splitStatements('-- c;\nCREATE A (x String DEFAULT \';\');\n\nCREATE B;\n')).to.deep.equal([
      "CREATE A (x String DEFAULT ';')",
      'CREATE B',
    ]);
  });

  it('are applied at start, recorded, and a second run applies nothing', async () => {
    const h = await harness();
    const recorded = (await h.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);
    expect(recorded).to.deep.equal(listMigrations());
    expect(await migrate(h.db)).to.deep.equal([]);
    const tables = (await h.db.query<{ name: string }>("SELECT name FROM system.tables WHERE database = currentDatabase()")).map((r) => r.name);
    expect(tables).to.include.members(['request_response_rmt', 'request_lookup', 'api_keys']);
  });

  it('applies only new files from a directory, in order', async () => {
    const h = await harness();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migr-'));
    const t = `mig_test_${Date.now()}`;
    fs.writeFileSync(path.join(dir, '901_a.sql'), `CREATE TABLE ${t} (x UInt8) ENGINE = MergeTree ORDER BY x;\n`);
    expect(await migrate(h.db, dir)).to.deep.equal(['901_a.sql']);
    fs.writeFileSync(path.join(dir, '902_b.sql'), `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS y String;\n`);
    expect(await migrate(h.db, dir)).to.deep.equal(['902_b.sql']);
    expect(await migrate(h.db, dir)).to.deep.equal([]);
    await h.db.command(`DROP TABLE ${t}`);
    await h.db.command("DELETE FROM schema_migrations WHERE name IN ('901_a.sql', '902_b.sql')");
  });
});

describe('shutdown', () => {
  it('does not hang when Redis is unreachable: each shutdown hook is bounded', async function () {
    this.timeout(30_000);
    const { startServer } = await import('../../src/server.js');
    const { createLogger } = await import('../../src/logger.js');
    const { testConfig } = await import('../helpers/harness.js');
    const h = await harness();
    const s = await startServer(testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }, h.dataDir), {
      db: h.db, logger: createLogger('silent'), shutdownHookTimeoutMs: 500,
    });
    const t0 = Date.now();
    await s.close();
    expect(Date.now() - t0).to.be.lessThan(5_000);
    // The shared engine is untouched by the other server's shutdown.
    expect(await h.db.query('SELECT 1 AS x')).to.deep.equal([{ x: 1 }]);
  });
});
