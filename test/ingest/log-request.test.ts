// POST /v1/log/request through the in-process buffer (the shared harness runs without Redis): JSON, batches,
// NDJSON, bad records (nothing written), timestamps, idempotency, cost, and 429 when the buffer is full.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, harness, newOrg } from '../helpers/harness.js';
import { costUsd } from '../../src/registry/cost.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { countRows, openAiChat, rid, sharedConfig } from './helpers.js';

describe('POST /v1/log/request (in-process buffer)', () => {
  it('accepts one record with 202 and the request is readable at once (group commit: 202 after the insert)', async () => {
    const { org, key } = await newOrg();
    const id = rid();
    const res = await api('POST', '/v1/log/request', {
      key,
      body: { request_id: id, provider: 'openai', model: 'gpt-4o-mini', request_body: { a: 1 }, response_status: 200, properties: { env: 'prod' } },
    });
    expect(res.status).to.equal(202);
    expect(res.body).to.deep.equal({ data: { accepted: 1, request_ids: [id] }, error: null });
    expect(await countRows(org)).to.deep.equal({ final: 1, raw: 1, lookup: 1 });
    const got = await api('GET', `/v1/request/${id}`, { key });
    expect(got.status).to.equal(200);
    expect(got.body.data).to.include({ request_id: id, provider: 'OPENAI', model: 'gpt-4o-mini', response_status: 200 });
    expect(got.body.data.properties).to.deep.equal({ env: 'prod' });
    expect(got.body.data.request_body).to.deep.equal({ a: 1 });
  });

  it('accepts { requests: [...] }, generating ids and defaulting request_created_at to the receipt time', async () => {
    const { org, key } = await newOrg();
    const before = Date.now();
    const res = await api('POST', '/v1/log/request', { key, body: { requests: Array.from({ length: 40 }, (_, i) => ({ model: `m${i % 3}` })) } });
    const after = Date.now();
    expect(res.status).to.equal(202);
    expect(res.body.data.accepted).to.equal(40);
    const ids: string[] = res.body.data.request_ids;
    expect(new Set(ids).size).to.equal(40);
    for (const id of ids) expect(id).to.match(/^[0-9a-f-]{36}$/);
    expect((await countRows(org)).final).to.equal(40);
    const rec = (await api('GET', `/v1/request/${ids[7]}`, { key })).body.data;
    const t = Date.parse(rec.request_created_at);
    expect(t).to.be.within(before - 1, after + 1);
    expect(rec.model).to.equal('m1');
  });

  it('accepts NDJSON, one record per line (blank lines ignored)', async () => {
    const { org, key } = await newOrg();
    const ids = Array.from({ length: 300 }, () => rid('nd'));
    const body = ids.map((id, i) => JSON.stringify({ request_id: id, prompt_tokens: i, completion_tokens: 1 })).join('\n') + '\n\n';
    const res = await api('POST', '/v1/log/request', { key, body, headers: { 'content-type': 'application/x-ndjson' } });
    expect(res.status).to.equal(202);
    expect(res.body.data.request_ids).to.deep.equal(ids);
    expect((await countRows(org)).final).to.equal(300);
    const rec = (await api('GET', `/v1/request/${ids[299]}`, { key })).body.data;
    expect(rec).to.include({ prompt_tokens: 299, completion_tokens: 1, total_tokens: 300 });
  });

  describe('a bad record rejects the whole request, naming its index and field, and writes nothing', () => {
    const cases: Array<[string, (ids: string[]) => { body: unknown; ct?: string }, RegExp]> = [
      ['wrong type in a batch', (ids) => ({ body: { requests: ids.map((id, i) => ({ request_id: id, response_status: i === 3 ? 'ok' : 200 })) } }), /^body\.requests\.3\.response_status: must be integer/],
      ['unknown field', (ids) => ({ body: { requests: ids.map((id, i) => ({ request_id: id, ...(i === 2 ? { latency: 5 } : {}) })) } }), /^body\.requests\.2\.latency: unknown field/],
      ['bad timestamp', (ids) => ({ body: { requests: ids.map((id, i) => ({ request_id: id, request_created_at: i === 4 ? '2026-13-45' : '2026-01-01T00:00:00Z' })) } }), /^body\.requests\.4\.request_created_at: /],
      ['negative tokens', (ids) => ({ body: { requests: ids.map((id, i) => ({ request_id: id, prompt_tokens: i === 1 ? -5 : 5 })) } }), /^body\.requests\.1\.prompt_tokens: must be >= 0/],
      ['property value too long', (ids) => ({ body: { requests: ids.map((id, i) => ({ request_id: id, properties: { k: i === 0 ? 'x'.repeat(10_001) : 'v' } })) } }), /^body\.requests\.0\.properties\.k: must NOT have more than 10000 characters/],
      ['bad NDJSON line', (ids) => ({ body: ids.map((id, i) => (i === 2 ? '{"request_id": ' : JSON.stringify({ request_id: id }))).join('\n'), ct: 'application/x-ndjson' }), /^body\.2: malformed JSON on line 3/],
      ['NDJSON line nested too deep', (ids) => ({ body: ids.map((id, i) => JSON.stringify({ request_id: id, request_body: i === 1 ? JSON.parse('['.repeat(300) + ']'.repeat(300)) : {} })).join('\n'), ct: 'application/x-ndjson' }), /^body\.1: nested deeper than 256 levels of objects and arrays \(line 2\)/],
      ['bad NDJSON field', (ids) => ({ body: ids.map((id, i) => JSON.stringify({ request_id: id, cost: i === 4 ? '1' : 1 })).join('\n'), ct: 'application/x-ndjson' }), /^body\.4\.cost: must be number \(line 5\)/],
    ];
    for (const [name, make, message] of cases) {
      it(name, async () => {
        const { org, key } = await newOrg();
        const ids = Array.from({ length: 5 }, () => rid());
        const { body, ct } = make(ids);
        const res = await api('POST', '/v1/log/request', { key, body, headers: ct ? { 'content-type': ct } : {} });
        expect(res.status).to.equal(400);
        expect(res.body.data).to.equal(null);
        expect(res.body.error).to.match(message);
        expect(await countRows(org)).to.deep.equal({ final: 0, raw: 0, lookup: 0 });
      });
    }

    it('more records than INGEST_MAX_REQUESTS_PER_POST', async () => {
      const { org, key } = await newOrg();
      const { config } = await harness();
      const n = config.ingest.maxRequestsPerPost + 1;
      const res = await api('POST', '/v1/log/request', { key, body: { requests: Array.from({ length: n }, () => ({})) } });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.match(/^body\.requests: must NOT have more than 10000 items/);
      expect((await countRows(org)).raw).to.equal(0);
    });

    it('a body that is neither JSON nor NDJSON', async () => {
      const { key } = await newOrg();
      const res = await api('POST', '/v1/log/request', { key, body: 'request_id=1', headers: { 'content-type': 'text/plain' } });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.match(/^body: expected Content-Type application\/json or application\/x-ndjson/);
    });
  });

  it('normalises timestamps: Z, offsets, no zone (UTC) and epoch milliseconds', async () => {
    const { key } = await newOrg();
    const cases: Array<[string | number, string]> = [
      ['2026-03-04T05:06:07.089Z', '2026-03-04T05:06:07.089Z'],
      ['2026-03-04T07:06:07.089+02:00', '2026-03-04T05:06:07.089Z'],
      ['2026-03-04 05:06:07', '2026-03-04T05:06:07.000Z'],
      ['2026-03-04T05:06:07.123456Z', '2026-03-04T05:06:07.123Z'],
      [Date.UTC(2026, 2, 4, 5, 6, 7, 89), '2026-03-04T05:06:07.089Z'],
    ];
    for (const [given, want] of cases) {
      const id = rid('ts');
      const res = await api('POST', '/v1/log/request', { key, body: { request_id: id, request_created_at: given, response_created_at: given } });
      expect(res.status, String(given)).to.equal(202);
      const rec = (await api('GET', `/v1/request/${id}`, { key })).body.data;
      expect(rec.request_created_at, String(given)).to.equal(want);
      expect(rec.response_created_at, String(given)).to.equal(want);
    }
  });

  it('is idempotent on (organisation, request id): a re-sent log is one request, with or without its timestamp', async () => {
    const { org, key } = await newOrg();
    const timed = { request_id: rid(), request_created_at: '2026-02-01T10:00:00.000Z', model: 'a' };
    const untimed = { request_id: rid(), model: 'b' };
    for (let i = 0; i < 3; i++) {
      expect((await api('POST', '/v1/log/request', { key, body: { requests: [timed, untimed] } })).status).to.equal(202);
    }
    // Same id twice in one POST, too; and in two POSTs that share one insert (a client retrying after a timeout).
    expect((await api('POST', '/v1/log/request', { key, body: { requests: [untimed, untimed] } })).status).to.equal(202);
    const retried = { request_id: rid(), model: 'c' };
    const both = await Promise.all([1, 2].map(() => api('POST', '/v1/log/request', { key, body: retried })));
    expect(both.map((r) => r.status)).to.deep.equal([202, 202]);
    const counts = await countRows(org);
    expect(counts.final).to.equal(3);
    expect(counts.lookup).to.equal(3);
  });

  it('stores an exact cost in USD when given, and prices from the registry when not', async () => {
    const { key } = await newOrg();
    const given = rid('cost');
    const priced = rid('cost');
    await api('POST', '/v1/log/request', {
      key,
      body: {
        requests: [
          { request_id: given, cost: 0.000123, model: 'gpt-4o-mini', provider: 'openai', prompt_tokens: 1000 },
          { request_id: priced, provider: 'OPENAI', request_body: openAiChat.request, response_body: openAiChat.response },
        ],
      },
    });
    const a = (await api('GET', `/v1/request/${given}`, { key })).body.data;
    expect(a.cost).to.equal(0.000123);
    expect(a.costUSD).to.equal(0.000123);
    const b = (await api('GET', `/v1/request/${priced}`, { key })).body.data;
    const expected = costUsd({ provider: 'OPENAI', model: 'gpt-4o-mini-2024-07-18', usage: { promptTokens: 120, completionTokens: 30, cacheReadTokens: 20 } });
    expect(expected.known, 'the catalog prices gpt-4o-mini').to.equal(true);
    expect(b.costUSD).to.be.closeTo(expected.usd, 1e-9);
    expect(b.costUSD).to.be.greaterThan(0);
    expect(b).to.include({ prompt_tokens: 120, completion_tokens: 30, total_tokens: 150, prompt_cache_read_tokens: 20, model: 'gpt-4o-mini-2024-07-18' });
  });

  it('prices with the running registry: a model added by REGISTRY_FILE is priced at its file prices', async () => {
    const { db } = await harness();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'switchyard-ingest-')), 'registry.json');
    const endpoint = {
      provider: 'core', author: 'passthrough', providerModelId: 'acme-ft-7b', pricing: [{ threshold: 0, input: 0.4e-6, output: 0.8e-6 }],
      contextLength: 32768, maxCompletionTokens: 4096, ptbEnabled: true, supportedOperations: ['chat_completions'],
      supportedParameters: ['max_tokens'], endpointConfigs: { '*': {} },
    };
    const model = { id: 'acme-ft-7b', name: 'Acme 7B', author: 'passthrough', contextLength: 32768, inputModalities: ['text'], outputModalities: ['text'], endpoints: [endpoint] };
    fs.writeFileSync(file, JSON.stringify({ models: [model] }));
    const server = await startServer(await sharedConfig({ REGISTRY_FILE: file }), { db });
    try {
      const { key } = await newOrg();
      const id = rid('priced');
      await api('POST', '/v1/log/request', { key, base: server.url, body: { request_id: id, provider: 'CORE', model: 'acme-ft-7b', prompt_tokens: 1_000_000, completion_tokens: 500_000 } });
      // 1M prompt tokens at $0.40/M + 0.5M completion tokens at $0.80/M.
      expect((await api('GET', `/v1/request/${id}`, { key })).body.data.costUSD).to.equal(0.8);
    } finally {
      await server.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  describe('backpressure', () => {
    let small: RunningServer;
    before(async () => {
      const { db } = await harness();
      // A second app on the same engine: a tiny buffer that inserts at most every 1.5 s, so rows stay buffered.
      small = await startServer(await sharedConfig({ INGEST_MAX_BUFFERED_ROWS: '5', INGEST_FLUSH_MS: '1500' }), { db });
    });
    after(() => small.close());

    it('answers 429 with Retry-After over INGEST_MAX_BUFFERED_ROWS, and accepts again once flushed', async () => {
      const { org, key } = await newOrg();
      // An idle buffer inserts at once; the next POST waits for the interval.
      expect((await api('POST', '/v1/log/request', { key, base: small.url, body: {} })).status).to.equal(202);
      const first = api('POST', '/v1/log/request', { key, base: small.url, body: { requests: [{}, {}, {}, {}, {}] } });
      await new Promise((r) => setTimeout(r, 200));
      const refused = await api('POST', '/v1/log/request', { key, base: small.url, body: {} });
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.equal('1');
      expect(refused.body).to.deep.equal({ data: null, error: 'ingestion buffer is full (5 rows); retry later' });
      expect((await first).status).to.equal(202);
      const again = await api('POST', '/v1/log/request', { key, base: small.url, body: {} });
      expect(again.status).to.equal(202);
      expect((await countRows(org)).final).to.equal(7);
    });
  });
});
