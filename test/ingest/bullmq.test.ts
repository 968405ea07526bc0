// Ingestion through BullMQ on the real Redis: API servers and workers on the shared engine, each group of tests
// with its own key prefix. 202 means durable, redelivery does not duplicate, backpressure, dead letters and replay,
// writes to buffered requests, writers in two processes, and shutdown drains.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { api, harness, newOrg } from '../helpers/harness.js';
import type { Config } from '../../src/config.js';
import { acceptRecords } from '../../src/ingest/accept.js';
import { createIngest, type Ingest, type IngestOptions } from '../../src/ingest/index.js';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { countRows, rid, testPrefix, waitFor, sharedConfig } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL;
const run = promisify(execFile);
const silent = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

/** A worker-only ingestion instance on the shared engine (what `switchyard worker` runs). */
async function startWorker(config: Config, opts: IngestOptions = {}): Promise<Ingest> {
  const { db } = await harness();
  return createIngest({ config, db, logger: silent }, { producer: false, workers: true, ...opts });
}

/** Waiting + active + delayed jobs of the ingest queue. */
async function queued(ingest: Ingest): Promise<number> {
  const c = await ingest.queue!.getJobCounts('wait', 'active', 'delayed', 'prioritized');
  return Object.values(c).reduce((a, b) => a + b, 0);
}

async function postLogs(url: string, key: string, n: number, perPost = 5): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += perPost) {
    const batch = Array.from({ length: Math.min(perPost, n - i) }, () => ({ request_id: rid(), model: 'm' }));
    const res = await api('POST', '/v1/log/request', { key, base: url, body: { requests: batch } });
    expect(res.status, res.text).to.equal(202);
    ids.push(...res.body.data.request_ids);
  }
  return ids;
}

async function cleanRedis(prefix: string) {
  const redis = new Redis(REDIS_URL!);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

(REDIS_URL ? describe : describe.skip)('ingestion through BullMQ (REDIS_URL)', function () {
  this.timeout(60_000);

  describe('an API server running its workers', () => {
    const prefix = testPrefix();
    let server: RunningServer;
    before(async () => {
      const { db } = await harness();
      server = await startServer(await sharedConfig({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, INGEST_FLUSH_MS: '50' }), { db, logger: silent });
    });
    after(async () => {
      await server.close();
      await cleanRedis(prefix);
    });

    it('lands JSON, batch and NDJSON logs; /readyz checks Redis', async () => {
      expect(server.ctx.ingest.mode).to.equal('bullmq');
      const { org, key } = await newOrg();
      const one = await api('POST', '/v1/log/request', { key, base: server.url, body: { model: 'x', properties: { a: 'b' } } });
      expect(one.status).to.equal(202);
      const nd = Array.from({ length: 120 }, (_, i) => JSON.stringify({ request_id: `nd-${org}-${i}`, completion_tokens: i })).join('\n');
      const bulk = await api('POST', '/v1/log/request', { key, base: server.url, body: nd, headers: { 'content-type': 'application/x-ndjson' } });
      expect(bulk.status).to.equal(202);
      expect(bulk.body.data.accepted).to.equal(120);
      await waitFor(async () => (await countRows(org)).final === 121, 15_000, '121 rows');
      const rec = await api('GET', `/v1/request/${one.body.data.request_ids[0]}`, { key, base: server.url });
      expect(rec.body.data.properties).to.deep.equal({ a: 'b' });
      const ready = await api('GET', '/readyz', { base: server.url });
      expect(ready.status).to.equal(200);
      expect(ready.body.data.checks).to.include({ clickhouse: 'ok', redis: 'ok' });
    });

    it('a request lock left by a dead process expires, and the write goes through', async () => {
      const { org, key } = await newOrg();
      const id = rid();
      await api('POST', '/v1/log/request', { key, base: server.url, body: { request_id: id } });
      await waitFor(async () => (await api('GET', `/v1/request/${id}`, { key, base: server.url })).status === 200, 15_000, 'row');
      // What a process that died holding the lock leaves behind: the key, with the TTL it set.
      const redis = new Redis(REDIS_URL!);
      await redis.set(`${prefix}:req:lock:${encodeURIComponent(org)}:${encodeURIComponent(id)}`, 'dead-holder', 'PX', 1500);
      redis.disconnect();
      let done = false;
      const put = api('PUT', `/v1/request/${id}/property`, { key, base: server.url, body: { key: 'k', value: 'v' } }).then((r) => {
        done = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(done, 'waits while the lock is held').to.equal(false);
      expect((await put).status).to.equal(200);
      expect((await api('GET', `/v1/request/${id}`, { key, base: server.url })).body.data.properties).to.deep.equal({ k: 'v' });
    });

    it('writers in two processes (two servers sharing Redis) on one request: 50 PUTs + 50 evals all survive', async () => {
      const { db } = await harness();
      const second = await startServer(await sharedConfig({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, INGEST_WORKERS: 'false' }), { db, logger: silent });
      try {
        const { key } = await newOrg();
        const id = rid();
        await api('POST', '/v1/log/request', { key, base: server.url, body: { request_id: id, properties: { keep: 'me' }, cost: 0.5 } });
        await waitFor(async () => (await api('GET', `/v1/request/${id}`, { key, base: server.url })).status === 200, 15_000, 'row');
        const bases = [server.url, second.url];
        const results = await Promise.all([
          ...Array.from({ length: 50 }, (_, i) => api('PUT', `/v1/request/${id}/property`, { key, base: bases[i % 2], body: { key: `p${i}`, value: String(i) } })),
          ...Array.from({ length: 50 }, (_, i) => api('POST', `/v1/evals/${id}`, { key, base: bases[(i + 1) % 2], body: { name: `s${i}`, score: i } })),
        ]);
        expect(results.map((r) => r.status)).to.deep.equal(Array(100).fill(200));
        const rec = (await api('GET', `/v1/request/${id}`, { key, base: second.url })).body.data;
        expect(Object.keys(rec.properties)).to.have.length(51);
        expect(Object.keys(rec.scores)).to.have.length(50);
        expect(rec.properties.keep).to.equal('me');
        expect(rec.cost).to.equal(0.5);
      } finally {
        await second.close();
      }
    });
  });

  describe('durability and redelivery (API without workers, workers started by the test)', () => {
    const prefix = testPrefix();
    let api0: RunningServer;
    let config: Config;
    const workers: Ingest[] = [];
    before(async () => {
      const { db } = await harness();
      config = await sharedConfig({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, INGEST_WORKERS: 'false' });
      api0 = await startServer(config, { db, logger: silent });
    });
    afterEach(async () => {
      // Killed first: a worker that a failed test left holding jobs would wait for them forever.
      for (const w of workers.splice(0)) {
        await w.worker?.kill();
        await w.close().catch(() => {});
      }
    });
    after(async () => {
      await api0.close();
      await cleanRedis(prefix);
    });

    // Short locks, so a dead worker's jobs come back within seconds (not so short that a busy machine makes a live
    // worker's jobs stall).
    const fast = { lockDurationMs: 2000, stalledIntervalMs: 300 };

    it('202 means durable: logs acknowledged with no worker survive a worker that dies holding them; another lands exactly N', async () => {
      const { org, key } = await newOrg();
      const ids = await postLogs(api0.url, key, 60);
      expect((await countRows(org)).raw, 'nothing inserted without a worker').to.equal(0);
      expect(await api0.ctx.ingest.buffer!.bufferedRows()).to.be.at.least(60);
      // A write to a buffered request is accepted (and waits for the log).
      const put = await api('PUT', `/v1/request/${ids[7]}/property`, { key, base: api0.url, body: { key: 'early', value: 'yes' } });
      expect(put.status).to.equal(200);

      // Worker A takes the jobs but holds them (long flush interval), then dies without completing them.
      const a = await startWorker(config, { worker: { ...fast, flushMs: 60_000 } });
      workers.push(a);
      await waitFor(async () => (await a.queue!.getActiveCount()) === 12, 10_000, 'worker A holding all 12 jobs');
      await a.worker!.kill();
      expect((await countRows(org)).raw).to.equal(0);

      const b = await startWorker(config, { worker: { ...fast, flushMs: 20 } });
      workers.push(b);
      await waitFor(async () => (await countRows(org)).final === 60, 20_000, '60 rows');
      await waitFor(async () => (await queued(b)) === 0, 10_000, 'queue drained');
      const counts = await countRows(org);
      expect(counts.final).to.equal(60);
      expect(counts.lookup).to.equal(60);
      expect(await api0.ctx.ingest.buffer!.bufferedRows()).to.equal(0);
      const rec = (await api('GET', `/v1/request/${ids[7]}`, { key, base: api0.url })).body.data;
      expect(rec.properties).to.deep.equal({ early: 'yes' });
    });

    it('a redelivered batch (worker died after its insert, before completing) is not counted twice', async () => {
      const { org, key } = await newOrg();
      await postLogs(api0.url, key, 40);
      // Worker A inserts, then hangs after the insert (its landed hook never returns) and dies.
      const landedByA: string[] = [];
      const a = await startWorker(config, {
        worker: { ...fast, flushMs: 20 },
        onLanded: (l) => {
          landedByA.push(...l.requestIds);
          return new Promise<void>(() => {});
        },
      });
      workers.push(a);
      await waitFor(async () => landedByA.length === 40, 10_000, 'first delivery inserted');
      expect((await countRows(org)).final).to.equal(40);
      await a.worker!.kill();
      // Worker B gets the same jobs again (their locks expired) and inserts the same rows a second time.
      const landedByB: string[] = [];
      const b = await startWorker(config, { worker: { ...fast, flushMs: 20 }, onLanded: (l) => void landedByB.push(...l.requestIds) });
      workers.push(b);
      await waitFor(async () => landedByB.length >= 40, 20_000, 'redelivery inserted again');
      await waitFor(async () => (await queued(b)) === 0, 10_000, 'queue drained');
      expect(new Set(landedByB)).to.deep.equal(new Set(landedByA));
      // Deduplicated reads (what analytics use) see each request once.
      const counts = await countRows(org);
      expect(counts.final).to.equal(40);
      expect(counts.lookup).to.equal(40);
    });

    it('429 with Retry-After over INGEST_MAX_BUFFERED_ROWS (counted across processes in Redis); accepts again once drained', async () => {
      const { db } = await harness();
      const small = await startServer(await sharedConfig({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, INGEST_WORKERS: 'false', INGEST_MAX_BUFFERED_ROWS: '10' }), { db, logger: silent });
      try {
        const { org, key } = await newOrg();
        await postLogs(small.url, key, 10, 10);
        const refused = await api('POST', '/v1/log/request', { key, base: small.url, body: { requests: [{}] } });
        expect(refused.status).to.equal(429);
        expect(refused.headers.get('retry-after')).to.equal('1');
        expect(refused.body.error).to.equal('ingestion buffer is full (10 rows); retry later');
        // The other API process shares the count.
        expect((await api('POST', '/v1/log/request', { key, base: api0.url, body: {} })).status).to.equal(202);
        const w = await startWorker(config, { worker: { flushMs: 20 } });
        workers.push(w);
        await waitFor(async () => (await countRows(org)).final === 11, 15_000, '11 rows');
        await waitFor(async () => (await small.ctx.ingest.buffer!.bufferedRows()) === 0, 10_000, 'buffer empty');
        expect((await api('POST', '/v1/log/request', { key, base: small.url, body: {} })).status).to.equal(202);
      } finally {
        await small.close();
      }
    });
  });

  describe('dead letters', () => {
    const prefix = testPrefix();
    let config: Config;
    let producer: Ingest;
    const workers: Ingest[] = [];
    before(async () => {
      const { db } = await harness();
      config = await sharedConfig({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, INGEST_FLUSH_MS: '20' });
      // Two quick attempts instead of eight with exponential backoff from one second.
      producer = createIngest({ config, db, logger: silent }, { workers: false, retry: { attempts: 2, backoffMs: 20 } });
    });
    afterEach(async () => {
      for (const w of workers.splice(0)) await w.close().catch(() => {});
    });
    after(async () => {
      await producer.close();
      await cleanRedis(prefix);
    });

    const origin = (org: string) => ({ organizationId: org, keyId: 'k', receivedAt: Date.now() });

    it('a poison job fails alone (its batch-mates land), ends in the DLQ after its attempts, and stops counting as buffered', async () => {
      const { org } = await newOrg();
      await acceptRecords(producer.buffer!, [{ record: { model: 'ok' }, field: 'body' }], origin(org));
      // A job the API would never make (the engine rejects its row), added straight to the queue.
      const poisonRow = { organization_id: org, request_id: 'poison', request_created_at: '2026-01-01 00:00:00.000', version: 0, response_status: 'not a number' };
      const jobId = `poison-${rid()}`;
      expect(await producer.counter!.add(jobId, 1)).to.equal(true);
      await producer.queue!.add(
        'rows',
        { v: 1, parts: [{ org, ids: ['poison'], createdAt: [poisonRow.request_created_at], lines: [JSON.stringify(poisonRow)] }] },
        { jobId, attempts: 2, backoff: { type: 'fixed', delay: 20 }, removeOnComplete: true, removeOnFail: false },
      );
      expect(await producer.buffer!.bufferedRows()).to.equal(2);
      await producer.queue!.add('rows', { v: 2, junk: true } as never, { attempts: 5, removeOnFail: false });
      const w = await startWorker(config, { worker: { flushMs: 50 } });
      workers.push(w);
      await waitFor(async () => (await producer.queue!.getFailedCount()) === 2, 15_000, 'two dead letters');
      expect((await countRows(org)).final).to.equal(1);
      const failed = await producer.queue!.getFailed();
      const byReason = failed.map((j) => [j.attemptsMade, j.failedReason.slice(0, 40)]).sort();
      expect(byReason[0]![0], 'a malformed payload is not retried').to.equal(1);
      expect(byReason[1]![0], 'an insert failure is retried').to.equal(2);
      expect(await producer.buffer!.bufferedRows()).to.equal(0);
      await producer.queue!.clean(0, 100, 'failed');
    });

    it('jobs that failed while the engine refused inserts land after `switchyard dlq replay`', async () => {
      const { db } = await harness();
      const { org, key } = await newOrg();
      // A real engine condition: "Too many parts" refuses every insert into the table while it lasts.
      const seed = (id: string) => Buffer.from(JSON.stringify({ organization_id: `seed-${org}`, request_id: id, request_created_at: '2031-01-01 00:00:00.000', version: 0 }) + '\n');
      await db.command('SYSTEM STOP MERGES request_response_rmt');
      let ids: string[] = [];
      try {
        await db.insertJsonLines('request_response_rmt', seed('a'));
        await db.insertJsonLines('request_response_rmt', seed('b'));
        await db.command('ALTER TABLE request_response_rmt MODIFY SETTING parts_to_throw_insert = 1');
        ids = await acceptRecords(producer.buffer!, Array.from({ length: 25 }, () => ({ record: { model: 'dlq' }, field: 'body' })), origin(org));
        const w = await startWorker(config, { worker: { flushMs: 20 } });
        workers.push(w);
        await waitFor(async () => (await producer.queue!.getFailedCount()) >= 1, 15_000, 'dead letter');
        await w.close();
        workers.length = 0;
      } finally {
        await db.command('ALTER TABLE request_response_rmt RESET SETTING parts_to_throw_insert');
        await db.command('SYSTEM START MERGES request_response_rmt');
      }
      expect((await countRows(org)).raw).to.equal(0);

      const bin = path.resolve('bin/switchyard.js');
      const env = { ...process.env, REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent', DATA_DIR: config.dataDir };
      const listed = await run(process.execPath, [bin, 'dlq', 'list'], { env });
      expect(listed.stdout).to.match(/^1 dead-letter job/m);
      expect(listed.stdout).to.contain('Too many parts');
      const replayed = await run(process.execPath, [bin, 'dlq', 'replay'], { env });
      expect(replayed.stdout.trim()).to.equal('re-queued 1 job (25 rows)');

      const w = await startWorker(config, { worker: { flushMs: 20 } });
      workers.push(w);
      await waitFor(async () => (await countRows(org)).final === 25, 15_000, '25 rows after replay');
      expect(await producer.queue!.getFailedCount()).to.equal(0);
      const rec = await api('GET', `/v1/request/${ids[0]}`, { key });
      expect(rec.body.data.model).to.equal('dlq');
    });
  });

  it('Redis unreachable: a POST is a 503 with Retry-After (not a 500, nothing taken) and readiness fails', async () => {
    const { db } = await harness();
    const config = await sharedConfig({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: testPrefix(), INGEST_WORKERS: 'false' });
    const dead = createIngest({ config, db, logger: silent });
    try {
      const err = await dead.buffer!.submit({ org: 'o', ids: ['a'], createdAt: ['2026-01-01 00:00:00.000'], lines: ['{}'] }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).to.include({ status: 503, retryAfterSeconds: 1, message: 'ingestion buffer unavailable; retry later' });
      const ready = await dead.ready().then(() => 'ok', (e: Error) => e.message);
      expect(ready).to.equal('redis did not answer PING within 2 s');
    } finally {
      await dead.close();
    }
  });

  describe('shutdown', () => {
    it('closing a server flushes what its worker holds before it stops', async () => {
      const prefix = testPrefix();
      const { db } = await harness();
      // The worker would wait a minute before inserting; shutdown must not wait, nor drop.
      const server = await startServer(await sharedConfig({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, INGEST_FLUSH_MS: '60000' }), { db, logger: silent });
      try {
        const { org, key } = await newOrg();
        await postLogs(server.url, key, 30);
        await waitFor(async () => (await server.ctx.ingest.queue!.getActiveCount()) === 6, 10_000, 'jobs held by the worker');
        expect((await countRows(org)).raw).to.equal(0);
        await server.close();
        const counts = await countRows(org);
        expect(counts.final).to.equal(30);
        expect(counts.lookup).to.equal(30);
      } finally {
        await server.close();
        await cleanRedis(prefix);
      }
    });
  });
});
