// Real processes: an API that only buffers (INGEST_WORKERS=false) and `switchyard worker` as a separate process.
// Logs acknowledged by the API survive the API's exit; the worker, stopped with SIGTERM while it holds them in an
// unflushed batch, inserts them before it exits. (Each process has its own embedded data directory, as separate
// machines would with a ClickHouse server; the rows are checked by a server started on the worker's directory.)
import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { ingestQueue } from '../../src/ingest/bullmq-shared.js';
import { testPrefix, waitFor } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL;
const BIN = path.resolve('bin/switchyard.js');
const run = promisify(execFile);

interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<Proc & { match: RegExpExecArray }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let buf = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start: ${buf}`)), 30_000);
    const onData = (d: Buffer) => {
      buf += d.toString();
      const match = ready.exec(buf);
      if (match) {
        clearTimeout(timer);
        resolve({ child, out: () => buf, exited, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (buf += d.toString()));
    child.on('exit', (code) => reject(new Error(`${args[0]} exited ${code}: ${buf}`)));
  });
}

(REDIS_URL ? describe : describe.skip)('ingestion processes: API, `switchyard worker`, SIGTERM', function () {
  this.timeout(120_000);
  const prefix = testPrefix();
  const apiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchyard-api-'));
  const workerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchyard-worker-'));
  const procs: Proc[] = [];
  const env = { REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, PORT: '0', HOST: '127.0.0.1' };
  const listening = /"port":(\d+).*"msg":"switchyard listening"/;

  after(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    fs.rmSync(apiDir, { recursive: true, force: true });
    fs.rmSync(workerDir, { recursive: true, force: true });
  });

  it('acknowledged by an API-only process, inserted by a worker process that flushes on SIGTERM', async () => {
    // 1. The API buffers only.
    const apiProc = await start(['serve'], { ...env, DATA_DIR: apiDir, INGEST_WORKERS: 'false' }, listening);
    procs.push(apiProc);
    const apiUrl = `http://127.0.0.1:${apiProc.match[1]}`;
    const key = (await run(process.execPath, [BIN, 'keys', 'create', '--org', 'acme'], { env: { ...process.env, DATA_DIR: apiDir, LOG_LEVEL: 'silent' } })).stdout.trim();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${apiUrl}/v1/log/request`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: Array.from({ length: 5 }, (_, j) => ({ request_id: `p-${prefix}-${i}-${j}`, model: 'proc' })) }),
      });
      expect(res.status).to.equal(202);
      ids.push(...((await res.json()) as { data: { request_ids: string[] } }).data.request_ids);
    }
    apiProc.child.kill('SIGTERM');
    expect(await apiProc.exited).to.equal(0);

    // 2. A worker process takes the jobs and holds them (it would flush only after a minute) ...
    const workerProc = await start(['worker'], { ...env, DATA_DIR: workerDir, INGEST_FLUSH_MS: '60000' }, /switchyard worker running/);
    procs.push(workerProc);
    const redis = new Redis(REDIS_URL!, { maxRetriesPerRequest: 3 });
    const queue = ingestQueue(redis, prefix);
    try {
      await waitFor(async () => (await queue.getActiveCount()) === 4, 20_000, 'worker holding 4 jobs');
      // ... until SIGTERM: it flushes, completes the jobs, then exits.
      workerProc.child.kill('SIGTERM');
      expect(await workerProc.exited).to.equal(0);
      expect(workerProc.out()).to.contain('worker stopped');
      const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'failed');
      expect(counts).to.deep.equal({ wait: 0, active: 0, delayed: 0, failed: 0 });
    } finally {
      await queue.close();
      redis.disconnect();
    }

    // 3. Every acknowledged log is in the worker's engine.
    const check = await start(['serve'], { ...env, DATA_DIR: workerDir, INGEST_WORKERS: 'false' }, listening);
    procs.push(check);
    const checkUrl = `http://127.0.0.1:${check.match[1]}`;
    const key2 = (await run(process.execPath, [BIN, 'keys', 'create', '--org', 'acme'], { env: { ...process.env, DATA_DIR: workerDir, LOG_LEVEL: 'silent' } })).stdout.trim();
    for (const id of ids) {
      const res = await fetch(`${checkUrl}/v1/request/${id}`, { headers: { authorization: `Bearer ${key2}` } });
      expect(res.status, id).to.equal(200);
    }
    check.child.kill('SIGTERM');
    expect(await check.exited).to.equal(0);
  });

  it('`switchyard worker` without REDIS_URL refuses to start, saying why', async () => {
    try {
      await run(process.execPath, [BIN, 'worker'], { env: { ...process.env, REDIS_URL: '', DATA_DIR: workerDir, LOG_LEVEL: 'silent' } });
      expect.fail('worker started without Redis');
    } catch (err) {
      const e = err as { code: number; stderr: string };
      expect(e.code).to.equal(1);
      expect(e.stderr).to.contain('switchyard worker needs REDIS_URL');
    }
  });
});
