// The real command line and server as separate processes: keys made while the server holds the embedded engine,
// revocation, clean SIGTERM shutdown, and data that survives a restart.
import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = path.resolve('bin/switchyard.js');

interface Proc {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

async function startServe(dataDir: string): Promise<Proc> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', AUTH_CACHE_MS: '2000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${buf}`)), 30000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /"port":(\d+).*"msg":"switchyard listening"/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${buf}`)));
  });
  return { child, url, exited };
}

async function cli(dataDir: string, ...args: string[]) {
  return run(process.execPath, [BIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
}

async function me(url: string, key: string) {
  const r = await fetch(url + '/v1/me', { headers: { authorization: `Bearer ${key}` } });
  return { status: r.status, body: (await r.json()) as { data: { organization_id: string } | null } };
}

describe('switchyard CLI and server processes', function () {
  this.timeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchyard-cli-'));
  let server: Proc | undefined;

  after(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a bad config value stops the process with exit 2, naming the variable', async () => {
    try {
      await run(process.execPath, [BIN, 'serve'], { env: { ...process.env, DATA_DIR: dataDir, PORT: 'abc' } });
      expect.fail('serve started with PORT=abc');
    } catch (err) {
      const e = err as { code: number; stderr: string };
      expect(e.code).to.equal(2);
      expect(e.stderr).to.contain('PORT: must be an integer');
    }
  });

  it('keys made, listed and revoked while the server runs; SIGTERM stops it cleanly; data survives a restart', async () => {
    server = await startServe(dataDir);
    const health = await fetch(server.url + '/healthz');
    expect(health.status).to.equal(200);

    // keys create prints only the key on stdout, so scripts can capture it.
    const created = await cli(dataDir, 'keys', 'create', '--org', 'acme');
    expect(created.stdout).to.match(/^sy_[A-Za-z0-9_-]{32}\n$/);
    const key = created.stdout.trim();
    expect(await me(server.url, key)).to.deep.include({ status: 200 });
    expect((await me(server.url, key)).body.data!.organization_id).to.equal('acme');

    const keeper = (await cli(dataDir, 'keys', 'create', '--org', 'acme', '--name', 'ci')).stdout.trim();
    const listed = (await cli(dataDir, 'keys', 'list')).stdout.trim().split('\n');
    expect(listed).to.have.length(2);
    const id = listed.find((l) => l.includes(key.slice(0, 8)))!.split('\t')[0]!;
    expect(id).to.match(/^key_/);

    await cli(dataDir, 'keys', 'revoke', id);
    const t0 = Date.now();
    let status = 200;
    while (Date.now() - t0 < 5000 && status !== 401) {
      status = (await me(server.url, key)).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status, 'revoked key still accepted after 5 s').to.equal(401);

    server.child.kill('SIGTERM');
    const t1 = Date.now();
    expect(await server.exited).to.equal(0);
    expect(Date.now() - t1).to.be.lessThan(10_000);
    expect(fs.existsSync(path.join(dataDir, 'server.json'))).to.equal(false);

    // With the server stopped, the CLI opens the engine itself.
    expect((await cli(dataDir, 'migrate')).stdout.trim()).to.equal('nothing to apply');
    const offline = (await cli(dataDir, 'keys', 'create', '--org', 'beta')).stdout.trim();

    server = await startServe(dataDir);
    expect((await me(server.url, keeper)).body.data!.organization_id).to.equal('acme');
    expect((await me(server.url, offline)).body.data!.organization_id).to.equal('beta');
    expect((await me(server.url, key)).status).to.equal(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).to.equal(0);
  });
});
