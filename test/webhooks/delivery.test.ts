// Webhook delivery to a real HTTP destination on 127.0.0.1: signature, payload, includeData, filters, retries,
// bounded attempts, dedupe, deletion, and the BullMQ queue on real Redis.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { api, harness, newOrg, testConfig, type Org } from '../helpers/harness.js';
import { compile } from '../../src/http/validate.js';
import { requestLoggedEventSchema } from '../../schema/webhooks.js';
import { WebhookService, verify, type LoggedRow, type WebhookServiceOptions } from '../../src/webhooks/index.js';
import { createLogger } from '../../src/logger.js';
import { startServer } from '../../src/server.js';
import { eventually, fakeDestination, type FakeDestination } from './fake-destination.js';

function loggedRow(overrides: Partial<LoggedRow> = {}): LoggedRow {
  const id = overrides.request_id ?? `req-${randomBytes(6).toString('hex')}`;
  return {
    request_id: id,
    request_created_at: '2026-03-04 05:06:07.890',
    request_user_id: 'user-42',
    model: 'gpt-4o-mini',
    provider: 'OPENAI',
    response_status: 200,
    delay_ms: 812,
    time_to_first_token: 140,
    prompt_tokens: 11,
    completion_tokens: 7,
    total_tokens: 18,
    cost_nano_usd: '1234500',
    properties: { env: 'prod', 'Core-Session-Id': 's-1' },
    scores: {},
    request_body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    response_body: JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'hello' } }] }),
    ...overrides,
  };
}

async function register(o: Org, destination: string, extra: object = {}) {
  const r = await api('POST', '/v1/webhooks', { key: o.key, body: { destination, ...extra } });
  expect(r.status, r.text).to.equal(200);
  return r.body.data as { id: string; secret: string };
}

const deliveries = async (o: Org, id: string) => (await api('GET', `/v1/webhooks/${id}/deliveries`, { key: o.key })).body.data as Array<{
  event_id: string;
  request_id: string;
  attempt: number;
  status: string;
  http_status: number;
  error: string;
}>;

describe('webhooks: delivery through the server\'s own service', () => {
  let dest: FakeDestination;
  beforeEach(async () => (dest = await fakeDestination()));
  afterEach(() => dest.close());

  it('includeData true: signed JSON with the request fields and both bodies', async () => {
    const o = await newOrg();
    const hook = await register(o, dest.url, { includeData: true });
    const row = loggedRow();
    const { server } = await harness();
    expect(await server.ctx.webhooks.enqueueRequestEvents(o.org, [row])).to.equal(1);

    const [got] = await dest.waitFor(1);
    // The signature is over the raw bytes received, with the secret from the create response.
    expect(verify(hook.secret, got!.raw, got!.headers['x-switchyard-signature'] as string)).to.equal(true);
    expect(verify('whsec_wrong', got!.raw, got!.headers['x-switchyard-signature'] as string)).to.equal(false);
    expect(got!.headers['content-type']).to.equal('application/json');
    expect(got!.headers['x-switchyard-event-type']).to.equal('request.logged');
    expect(got!.headers['x-switchyard-delivery-attempt']).to.equal('1');

    const check = compile(requestLoggedEventSchema);
    expect(check(got!.json), JSON.stringify(check.errors)).to.equal(true);
    expect(got!.headers['x-switchyard-event-id']).to.equal(got!.json.id);
    expect(got!.json).to.include({ type: 'request.logged', webhook_id: hook.id });
    expect(got!.json.data).to.deep.include({
      request_id: row.request_id,
      request_created_at: '2026-03-04T05:06:07.890Z',
      request_user_id: 'user-42',
      model: 'gpt-4o-mini',
      provider: 'OPENAI',
      response_status: 200,
      delay_ms: 812,
      total_tokens: 18,
      cost: 0.0012345,
      properties: { env: 'prod', 'Core-Session-Id': 's-1' },
    });
    expect(got!.json.data.request_body).to.deep.equal(JSON.parse(row.request_body!));
    expect(got!.json.data.response_body).to.deep.equal(JSON.parse(row.response_body!));

    const attempts = await eventually(() => deliveries(o, hook.id), (a) => a.length === 1);
    expect(attempts[0]).to.deep.include({ event_id: got!.json.id, request_id: row.request_id, attempt: 1, status: 'delivered', http_status: 200 });
  });

  it('includeData false: no bodies; rows may be the writer\'s JSON lines', async () => {
    const o = await newOrg();
    const hook = await register(o, dest.url, { includeData: false });
    const row = loggedRow();
    const { server } = await harness();
    await server.ctx.webhooks.enqueueRequestEvents(o.org, [{ line: JSON.stringify(row) }]);
    const [got] = await dest.waitFor(1);
    expect(verify(hook.secret, got!.raw, got!.headers['x-switchyard-signature'] as string)).to.equal(true);
    expect(got!.json.data.request_id).to.equal(row.request_id);
    expect(got!.json.data).to.not.have.any.keys('request_body', 'response_body');
    expect(got!.raw.toString()).to.not.contain('hello');
  });

  it('only matching rows are sent: property filters, sample rate 0, other organisations', async () => {
    const o = await newOrg();
    const other = await newOrg();
    await register(o, dest.url, { config: { propertyFilters: [{ key: 'env', value: 'prod' }] } });
    await register(o, dest.url, { config: { sampleRate: 0 } });
    const { server } = await harness();
    const prod = loggedRow();
    const staging = loggedRow({ properties: { env: 'staging' } });
    const none = loggedRow({ properties: {} });
    expect(await server.ctx.webhooks.enqueueRequestEvents(o.org, [prod, staging, none])).to.equal(1);
    // Another organisation's rows never reach this organisation's webhooks.
    expect(await server.ctx.webhooks.enqueueRequestEvents(other.org, [loggedRow()])).to.equal(0);
    await dest.waitFor(1);
    await new Promise((r) => setTimeout(r, 200)); // give a wrong extra delivery the chance to show up
    expect(dest.received.map((g) => g.json.data.request_id)).to.deep.equal([prod.request_id]);
  });
});

describe('webhooks: retries and bounded attempts (in-process queue)', () => {
  let dest: FakeDestination;
  let service: WebhookService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
    await dest.close();
  });

  async function ownService(opts: Partial<WebhookServiceOptions> = {}) {
    const { db } = await harness();
    // A second service on the shared engine, with fast retries; it reads the webhooks the HTTP API stored.
    service = new WebhookService({ db, logger: createLogger('silent'), allowPrivateDestinations: true, baseDelayMs: 20, maxAttempts: 3, timeoutMs: 2000, cacheMs: 0, ...opts });
    return service;
  }

  it('retries after a 500 with the same event id and the same signed bytes, then records delivery', async () => {
    dest = await fakeDestination((n) => (n === 0 ? 500 : 200));
    const o = await newOrg();
    const hook = await register(o, dest.url, { includeData: true });
    const s = await ownService();
    await s.enqueueRequestEvents(o.org, [loggedRow()]);
    const [first, second] = await dest.waitFor(2);
    expect(second!.headers['x-switchyard-event-id']).to.equal(first!.headers['x-switchyard-event-id']);
    expect(second!.raw.equals(first!.raw)).to.equal(true);
    expect(second!.headers['x-switchyard-delivery-attempt']).to.equal('2');
    expect(verify(hook.secret, second!.raw, second!.headers['x-switchyard-signature'] as string)).to.equal(true);

    const attempts = await eventually(() => deliveries(o, hook.id), (a) => a.length === 2);
    expect(attempts.map((a) => [a.attempt, a.status, a.http_status])).to.deep.equal([
      [2, 'delivered', 200],
      [1, 'retrying', 500],
    ]);
  });

  it('gives up after maxAttempts on persistent 5xx; a 4xx is final at once', async () => {
    dest = await fakeDestination((n) => (n < 3 ? 503 : 200));
    const o = await newOrg();
    const hook = await register(o, dest.url);
    const s = await ownService();
    await s.enqueueRequestEvents(o.org, [loggedRow()]);
    const attempts = await eventually(() => deliveries(o, hook.id), (a) => a.some((x) => x.status === 'failed'));
    expect(attempts.map((a) => [a.attempt, a.status, a.http_status])).to.deep.equal([
      [3, 'failed', 503],
      [2, 'retrying', 503],
      [1, 'retrying', 503],
    ]);
    expect(dest.received).to.have.length(3);

    const gone = await fakeDestination(() => 410);
    try {
      const hook2 = await register(o, gone.url);
      await s.enqueueRequestEvents(o.org, [loggedRow({ properties: {} })]);
      const a2 = await eventually(() => deliveries(o, hook2.id), (a) => a.length > 0);
      expect(a2.map((a) => [a.attempt, a.status, a.http_status])).to.deep.equal([[1, 'failed', 410]]);
    } finally {
      await gone.close();
    }
  });

  it('a destination that is down (connection refused) is retried and recorded with no HTTP status', async () => {
    dest = await fakeDestination();
    const url = dest.url;
    await dest.close(); // nothing listens there any more
    const o = await newOrg();
    const hook = await register(o, url);
    const s = await ownService({ maxAttempts: 2 });
    await s.enqueueRequestEvents(o.org, [loggedRow()]);
    const attempts = await eventually(() => deliveries(o, hook.id), (a) => a.length === 2);
    expect(attempts.map((a) => [a.attempt, a.status, a.http_status])).to.deep.equal([
      [2, 'failed', 0],
      [1, 'retrying', 0],
    ]);
    expect(attempts[0]!.error).to.match(/ECONNREFUSED/);
    dest = await fakeDestination(); // for afterEach
  });

  it('the same rows enqueued twice are delivered once', async () => {
    dest = await fakeDestination();
    const o = await newOrg();
    await register(o, dest.url);
    const s = await ownService();
    const rows = [loggedRow(), loggedRow()];
    await s.enqueueRequestEvents(o.org, rows);
    await s.enqueueRequestEvents(o.org, rows);
    await dest.waitFor(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(dest.received.map((g) => g.json.data.request_id).sort()).to.deep.equal(rows.map((r) => r.request_id).sort());
  });

  it('a webhook deleted before its retry gets nothing more (recorded as dropped)', async () => {
    dest = await fakeDestination(() => 500);
    const o = await newOrg();
    const hook = await register(o, dest.url);
    const s = await ownService({ baseDelayMs: 300, cacheMs: 0 });
    await s.enqueueRequestEvents(o.org, [loggedRow()]);
    await dest.waitFor(1);
    expect((await api('DELETE', `/v1/webhooks/${hook.id}`, { key: o.key })).status).to.equal(200);
    await s.close();
    service = undefined;
    const { db } = await harness();
    const rows = await db.query<{ attempt: number; status: string; error: string }>(
      `SELECT attempt, status, error FROM webhook_deliveries WHERE organization_id = {org:String} ORDER BY attempt`,
      { org: o.org },
    );
    expect(rows.map((r) => [r.attempt, r.status, r.error])).to.deep.equal([
      [1, 'retrying', 'HTTP 500'],
      [2, 'dropped', 'webhook deleted'],
    ]);
    expect(dest.received).to.have.length(1);
  });

  it('a full in-process queue drops (and records) what it cannot hold; shutdown records what was left', async () => {
    dest = await fakeDestination(() => 500);
    const o = await newOrg();
    await register(o, dest.url);
    const s = await ownService({ maxPending: 2, baseDelayMs: 60_000, drainMs: 50 });
    const rows = [loggedRow(), loggedRow(), loggedRow()];
    await s.enqueueRequestEvents(o.org, rows);
    await dest.waitFor(2);
    await s.close();
    service = undefined;
    const { db } = await harness();
    const got = await db.query<{ request_id: string; status: string; error: string }>(
      `SELECT request_id, status, error FROM webhook_deliveries WHERE organization_id = {org:String}`,
      { org: o.org },
    );
    const byStatus = (st: string) => got.filter((g) => g.status === st);
    expect(byStatus('dropped').map((g) => g.error).sort()).to.deep.equal([
      'delivery queue full (2)',
      'server shut down before the retry',
      'server shut down before the retry',
    ]);
    expect(byStatus('retrying')).to.have.length(2);
    // Every row is accounted for: two were attempted, the third was dropped when it arrived.
    expect(new Set(got.map((g) => g.request_id))).to.deep.equal(new Set(rows.map((r) => r.request_id)));
  });
});

const REDIS_URL = process.env.REDIS_URL;

(REDIS_URL ? describe : describe.skip)('webhooks: BullMQ queue on Redis (REDIS_URL)', () => {
  const prefix = `switchyard-test-${randomBytes(4).toString('hex')}`;
  let dest: FakeDestination;
  const services: WebhookService[] = [];
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close()));
    await dest.close();
  });
  after(async () => {
    const { Redis } = await import('ioredis');
    const r = new Redis(REDIS_URL!);
    const keys = await r.keys(`${prefix}:*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
  });

  async function bullService(opts: Partial<WebhookServiceOptions> = {}) {
    const { db } = await harness();
    const s = new WebhookService({ db, logger: createLogger('silent'), allowPrivateDestinations: true, redisUrl: REDIS_URL, prefix, baseDelayMs: 20, maxAttempts: 3, ...opts });
    services.push(s);
    return s;
  }

  it('delivers through Redis, retries after a 500, and drops a duplicate event', async () => {
    dest = await fakeDestination((n) => (n === 0 ? 500 : 200));
    const o = await newOrg();
    const hook = await register(o, dest.url, { includeData: true });
    const s = await bullService();
    const row = loggedRow();
    await s.enqueueRequestEvents(o.org, [row]);
    await s.enqueueRequestEvents(o.org, [row]);
    const [first, second] = await dest.waitFor(2);
    expect(second!.raw.equals(first!.raw)).to.equal(true);
    expect(verify(hook.secret, second!.raw, second!.headers['x-switchyard-signature'] as string)).to.equal(true);
    expect(second!.json.data.response_body).to.deep.equal(JSON.parse(row.response_body!));
    const attempts = await eventually(() => deliveries(o, hook.id), (a) => a.length === 2);
    expect(attempts.map((a) => [a.attempt, a.status, a.http_status])).to.deep.equal([
      [2, 'delivered', 200],
      [1, 'retrying', 500],
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(dest.received).to.have.length(2);
  });

  it('a server started with REDIS_URL delivers through BullMQ end to end', async () => {
    dest = await fakeDestination();
    const h = await harness();
    const config = testConfig({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix }, h.dataDir);
    const server = await startServer(config, { db: h.db, logger: createLogger('silent') });
    try {
      const o = await newOrg();
      const r = await api('POST', '/v1/webhooks', { key: o.key, body: { destination: dest.url }, base: server.url });
      expect(r.status).to.equal(200);
      const row = loggedRow();
      expect(await server.ctx.webhooks.enqueueRequestEvents(o.org, [row])).to.equal(1);
      const [got] = await dest.waitFor(1);
      expect(verify(r.body.data.secret, got!.raw, got!.headers['x-switchyard-signature'] as string)).to.equal(true);
      const list = await eventually(
        async () => (await api('GET', `/v1/webhooks/${r.body.data.id}/deliveries`, { key: o.key, base: server.url })).body.data,
        (a: unknown[]) => a.length === 1,
      );
      expect(list[0]).to.deep.include({ request_id: row.request_id, status: 'delivered', attempt: 1 });
    } finally {
      await server.close();
    }
  });

  it('events queued while no worker runs are delivered by a worker started later (they live in Redis)', async () => {
    dest = await fakeDestination();
    const o = await newOrg();
    await register(o, dest.url);
    const producer = await bullService({ runWorker: false });
    const rows = [loggedRow(), loggedRow(), loggedRow()];
    expect(await producer.enqueueRequestEvents(o.org, rows)).to.equal(3);
    await producer.close();
    services.splice(services.indexOf(producer), 1);
    expect(dest.received).to.have.length(0);
    await bullService(); // the "worker process"
    await dest.waitFor(3);
    expect(dest.received.map((g) => g.json.data.request_id).sort()).to.deep.equal(rows.map((r) => r.request_id).sort());
  });
});
