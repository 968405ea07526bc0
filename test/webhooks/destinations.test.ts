// SSRF guard: with WEBHOOK_ALLOW_PRIVATE_DESTINATIONS off, webhooks may not point at loopback, private, link-local
// (cloud metadata) ... addresses, neither at registration nor when a host name turns private after it (DNS rebinding).
// No public DNS is queried: literals need none, `localhost` comes from the hosts file, the rest use an injected resolver.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { api, harness, newOrg, testConfig } from '../helpers/harness.js';
import { WebhookService, type LoggedRow } from '../../src/webhooks/index.js';
import { refusedReason, vetHost, type ResolvedAddress } from '../../src/webhooks/destination.js';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { eventually, fakeDestination } from './fake-destination.js';

describe('webhooks: private destinations refused (WEBHOOK_ALLOW_PRIVATE_DESTINATIONS=false)', () => {
  let server: RunningServer;
  before(async () => {
    const h = await harness();
    server = await startServer(testConfig({ WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'false' }, h.dataDir), {
      db: h.db,
      logger: createLogger('silent'),
    });
  });
  after(() => server.close());

  const refused: Array<[string, RegExp]> = [
    ['http://127.0.0.1:6379/', /127\.0\.0\.1, a loopback address/],
    ['http://[::1]:8080/x', /::1, a loopback address/],
    ['http://10.0.0.1/', /10\.0\.0\.1, a private \(RFC 1918\) address/],
    ['http://192.168.1.20/', /private \(RFC 1918\)/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254, a link-local address/],
    ['http://100.64.0.1/', /CGNAT/],
    ['http://0.0.0.0:8787/', /unspecified/],
    ['http://[fd00::1]/', /unique local/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://2130706433/', /127\.0\.0\.1, a loopback address/], // 127.0.0.1 as one decimal number
    ['http://localhost:9/', /localhost resolves to (127\.0\.0\.1|::1), a loopback address/],
  ];
  for (const [destination, why] of refused) {
    it(`400 naming body.destination: ${destination}`, async () => {
      const o = await newOrg();
      const r = await api('POST', '/v1/webhooks', { key: o.key, body: { destination }, base: server.url });
      expect(r.status, r.text).to.equal(400);
      expect(r.body.data).to.equal(null);
      expect(r.body.error).to.match(/^body\.destination: /).and.match(why);
      expect((await api('GET', '/v1/webhooks', { key: o.key, base: server.url })).body.data).to.deep.equal([]);
    });
  }

  it('a public address literal is accepted', async () => {
    const o = await newOrg();
    const r = await api('POST', '/v1/webhooks', { key: o.key, body: { destination: 'https://93.184.215.14/hook' }, base: server.url });
    expect(r.status, r.text).to.equal(200);
  });
});

describe('webhooks: destination check', () => {
  const resolver = (table: Record<string, string[]>) => async (host: string): Promise<ResolvedAddress[]> => {
    const addrs = table[host];
    if (!addrs) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addrs.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('classifies addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe']) {
      expect(refusedReason(a), a).to.be.a('string');
    }
    for (const a of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(refusedReason(a), a).to.equal(undefined);
    }
  });

  it('a host with any private address among public ones is refused', async () => {
    const resolve = resolver({ 'mixed.example': ['93.184.215.14', '10.0.0.7'], 'pub.example': ['93.184.215.14'] });
    expect(await vetHost('pub.example', resolve)).to.deep.equal([{ address: '93.184.215.14', family: 4 }]);
    let err: Error | undefined;
    await vetHost('mixed.example', resolve).catch((e: Error) => (err = e));
    expect(err?.message).to.equal('mixed.example resolves to 10.0.0.7, a private (RFC 1918) address; only public addresses are allowed');
  });

  it('delivery re-checks: a name that turned private after registration gets a final, non-retried failure', async () => {
    const dest = await fakeDestination();
    const port = new URL(dest.url).port;
    const { db } = await harness();
    // At registration the name is public; by delivery time it points at 127.0.0.1, where the destination listens.
    const table: Record<string, string[]> = { 'rebind.example': ['93.184.215.14'] };
    const service = new WebhookService({ db, logger: createLogger('silent'), resolve: resolver(table), maxAttempts: 3, baseDelayMs: 20, cacheMs: 0 });
    try {
      const o = await newOrg();
      const hook = await service.create(o.org, { destination: `http://rebind.example:${port}/hook` });
      table['rebind.example'] = ['127.0.0.1'];
      const row: LoggedRow = { request_id: `req-${randomBytes(6).toString('hex')}`, request_created_at: '2026-03-04 05:06:07.890', properties: {} };
      expect(await service.enqueueRequestEvents(o.org, [row])).to.equal(1);
      const attempts = await eventually(() => service.deliveries(o.org, hook.id, 10), (a) => a.length > 0);
      await new Promise((r) => setTimeout(r, 200)); // a wrong retry would show up by now
      const after = await service.deliveries(o.org, hook.id, 10);
      expect(after.map((a) => [a.attempt, a.status, a.http_status])).to.deep.equal([[1, 'failed', 0]]);
      expect(attempts[0]!.error).to.equal(
        'destination refused: rebind.example resolves to 127.0.0.1, a loopback address; only public addresses are allowed',
      );
      expect(dest.received).to.have.length(0);
    } finally {
      await service.close();
      await dest.close();
    }
  });

  it('delivery re-checks an address literal: a webhook stored while private destinations were allowed is refused', async () => {
    const dest = await fakeDestination();
    const { db } = await harness();
    const o = await newOrg();
    // The shared server allows private destinations, so this registration is accepted and stored.
    const r = await api('POST', '/v1/webhooks', { key: o.key, body: { destination: dest.url } });
    expect(r.status, r.text).to.equal(200);
    const service = new WebhookService({ db, logger: createLogger('silent'), maxAttempts: 3, baseDelayMs: 20, cacheMs: 0 });
    try {
      const row: LoggedRow = { request_id: `req-${randomBytes(6).toString('hex')}`, properties: {} };
      expect(await service.enqueueRequestEvents(o.org, [row])).to.equal(1);
      const attempts = await eventually(() => service.deliveries(o.org, r.body.data.id, 10), (a) => a.length > 0);
      expect(attempts.map((a) => [a.attempt, a.status, a.error])).to.deep.equal([
        [1, 'failed', 'destination refused: 127.0.0.1, a loopback address; only public addresses are allowed'],
      ]);
      expect(dest.received).to.have.length(0);
    } finally {
      await service.close();
      await dest.close();
    }
  });
});
