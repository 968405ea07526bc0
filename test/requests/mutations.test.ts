// PUT /v1/request/{id}/property (spec 4.2) and POST /v1/evals/{id} (4.3) with the in-process buffer: validation,
// 404s, concurrent writers on one request, untouched columns, and writes to a request still in the buffer.
import { expect } from 'chai';
import { api, harness, newOrg } from '../helpers/harness.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { anthropicMessages, countRows, rid, sharedConfig } from '../ingest/helpers.js';

async function logOne(key: string, extra: Record<string, unknown> = {}, base?: string) {
  const id = rid();
  const res = await api('POST', '/v1/log/request', { key, base, body: { request_id: id, ...extra } });
  expect(res.status, res.text).to.equal(202);
  return id;
}

const get = async (key: string, id: string, base?: string) => (await api('GET', `/v1/request/${id}`, { key, base })).body.data;

describe('request properties and evals', () => {
  it('PUT property creates and replaces one property; POST eval sets a score; both answer { data: null, error: null }', async () => {
    const { key } = await newOrg();
    const id = await logOne(key, { properties: { env: 'prod', team: 'a' } });
    const put = await api('PUT', `/v1/request/${id}/property`, { key, body: { key: 'team', value: 'b' } });
    expect(put.status).to.equal(200);
    expect(put.body).to.deep.equal({ data: null, error: null });
    await api('PUT', `/v1/request/${id}/property`, { key, body: { key: 'Ünïcode key', value: '' } });
    // Keys that are special to JavaScript objects are ordinary keys here.
    await api('PUT', `/v1/request/${id}/property`, { key, body: '{"key":"__proto__","value":"p"}' });
    await api('PUT', `/v1/request/${id}/property`, { key, body: { key: 'constructor', value: 'c' } });
    const ev = await api('POST', `/v1/evals/${id}`, { key, body: { name: 'accuracy', score: 0.875 } });
    expect(ev.status).to.equal(200);
    expect(ev.body).to.deep.equal({ data: null, error: null });
    await api('POST', `/v1/evals/${id}`, { key, body: { name: 'accuracy', score: -1e300 } });
    await api('POST', `/v1/evals/${id}`, { key, body: { name: 'helpful', score: 1 } });
    const rec = await get(key, id);
    expect(rec.properties).to.deep.equal(JSON.parse('{"env":"prod","team":"b","Ünïcode key":"","__proto__":"p","constructor":"c"}'));
    expect(rec.scores).to.deep.equal({ accuracy: -1e300, helpful: 1 });
  });

  it('a score is in the score distributions as soon as the POST returns (replaced, never counted twice)', async () => {
    const { key } = await newOrg();
    const id = await logOne(key, { request_created_at: '2026-04-01T12:00:00.000Z' });
    const query = async () =>
      (await api('POST', '/v1/evals/score-distributions/query', {
        key, body: { timeFilter: { start: '2026-04-01T00:00:00.000Z', end: '2026-04-02T00:00:00.000Z' } },
      })).body.data;
    expect(await query()).to.deep.equal([]);
    await api('POST', `/v1/evals/${id}`, { key, body: { name: 'quality', score: 0.5 } });
    expect(await query()).to.deep.equal([{ name: 'quality', distribution: [{ value: 1, lower: 0.5, upper: 0.5 }] }]);
    await api('POST', `/v1/evals/${id}`, { key, body: { name: 'quality', score: 0.75 } });
    expect(await query()).to.deep.equal([{ name: 'quality', distribution: [{ value: 1, lower: 0.75, upper: 0.75 }] }]);
  });

  describe('validation (400 naming the field, nothing written)', () => {
    // One logged request for all cases: none of them may change it.
    let key: string;
    let id: string;
    before(async () => {
      key = (await newOrg()).key;
      id = await logOne(key);
    });
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['property without key', 'property', { value: 'v' }, /^body\.key: is required$/],
      ['property without value', 'property', { key: 'k' }, /^body\.value: is required$/],
      ['property with an empty key', 'property', { key: '', value: 'v' }, /^body\.key: must NOT have fewer than 1 characters$/],
      ['property with a 257-character key', 'property', { key: 'k'.repeat(257), value: 'v' }, /^body\.key: must NOT have more than 256 characters$/],
      ['property with a 10,001-character value', 'property', { key: 'k', value: 'v'.repeat(10_001) }, /^body\.value: must NOT have more than 10000 characters$/],
      ['property with a number value', 'property', { key: 'k', value: 5 }, /^body\.value: must be string$/],
      ['property with an extra field', 'property', { key: 'k', value: 'v', other: 1 }, /^body\.other: unknown field/],
      ['eval without score', 'eval', { name: 'n' }, /^body\.score: is required$/],
      ['eval without name', 'eval', { score: 1 }, /^body\.name: is required$/],
      ['eval with a boolean score', 'eval', { name: 'n', score: true }, /^body\.score: must be number$/],
      ['eval with a string score', 'eval', { name: 'n', score: '0.5' }, /^body\.score: must be number$/],
      ['eval with a null score', 'eval', { name: 'n', score: null }, /^body\.score: must be number$/],
    ];
    for (const [name, kind, body, message] of cases) {
      it(name, async () => {
        const path = kind === 'property' ? `/v1/request/${id}/property` : `/v1/evals/${id}`;
        const res = await api(kind === 'property' ? 'PUT' : 'POST', path, { key, body });
        expect(res.status).to.equal(400);
        expect(res.body.data).to.equal(null);
        expect(res.body.error).to.match(message);
        const rec = await get(key, id);
        expect(rec.properties).to.deep.equal({});
        expect(rec.scores).to.deep.equal({});
      });
    }
    it('a score that is not finite JSON (NaN) is malformed JSON', async () => {
      const res = await api('POST', `/v1/evals/${id}`, { key, body: '{"name":"n","score":NaN}' });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.match(/^body: malformed JSON/);
    });
  });

  it('404 for an unknown request and for another organisation\'s request, writing nothing', async () => {
    const a = await newOrg();
    const b = await newOrg();
    const id = await logOne(a.key);
    for (const [key, reqId] of [[a.key, rid()], [b.key, id]] as const) {
      const put = await api('PUT', `/v1/request/${reqId}/property`, { key, body: { key: 'k', value: 'v' } });
      expect(put.status).to.equal(404);
      expect(put.body).to.deep.equal({ data: null, error: `request ${reqId} not found` });
      const ev = await api('POST', `/v1/evals/${reqId}`, { key, body: { name: 'n', score: 1 } });
      expect(ev.status).to.equal(404);
    }
    expect((await get(a.key, id)).properties).to.deep.equal({});
    expect((await countRows(b.org)).raw).to.equal(0);
  });

  it('50 concurrent PUTs of distinct keys and 50 concurrent evals on one request all survive; no other column changes', async () => {
    const { org, key } = await newOrg();
    const id = await logOne(key, {
      provider: 'anthropic', request_body: anthropicMessages.request, response_body: anthropicMessages.response,
      properties: { keep: 'me' }, scores: { base: 1 }, cost: 0.25, delay_ms: 900, request_user_id: 'u1', feedback_rating: true,
    });
    const before = await get(key, id);
    const writes = [
      ...Array.from({ length: 50 }, (_, i) => api('PUT', `/v1/request/${id}/property`, { key, body: { key: `p${i}`, value: `v${i}` } })),
      ...Array.from({ length: 50 }, (_, i) => api('POST', `/v1/evals/${id}`, { key, body: { name: `s${i}`, score: i / 10 } })),
    ];
    const results = await Promise.all(writes);
    expect(results.map((r) => r.status)).to.deep.equal(Array(100).fill(200));
    const after = await get(key, id);
    expect(after.properties).to.deep.equal({ keep: 'me', ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, `v${i}`])) });
    expect(after.scores).to.deep.equal({ base: 1, ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`s${i}`, i / 10])) });
    const strip = ({ properties, request_properties, scores, updated_at, ...rest }: Record<string, unknown>) => rest;
    expect(strip(after)).to.deep.equal(strip(before));
    expect((await countRows(org)).final).to.equal(1);
  });

  describe('a request acknowledged but still in the buffer', () => {
    let slow: RunningServer;
    before(async () => {
      const { db } = await harness();
      // Inserts at most every 1.5 s: after one insert, the next POST is in the buffer (in flight) for a while.
      slow = await startServer(await sharedConfig({ INGEST_FLUSH_MS: '1500' }), { db });
    });
    after(() => slow.close());

    it('accepts property and eval writes and applies them once the log lands', async () => {
      const { key } = await newOrg();
      const id = rid();
      await logOne(key, {}, slow.url); // starts the interval
      let logged = false;
      const posting = api('POST', '/v1/log/request', { key, base: slow.url, body: { request_id: id, properties: { from: 'log' } } }).then((r) => {
        logged = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      const [put, ev] = await Promise.all([
        api('PUT', `/v1/request/${id}/property`, { key, base: slow.url, body: { key: 'from', value: 'put' } }),
        api('POST', `/v1/evals/${id}`, { key, base: slow.url, body: { name: 'early', score: 0.5 } }),
      ]);
      expect(put.status).to.equal(200);
      expect(ev.status).to.equal(200);
      expect(logged, 'the writes were answered while the log was still buffered').to.equal(false);
      expect((await posting).status).to.equal(202);
      const rec = await get(key, id, slow.url);
      expect(rec.properties).to.deep.equal({ from: 'put' });
      expect(rec.scores).to.deep.equal({ early: 0.5 });
    });

    it('still 404s an id that was never logged', async () => {
      const { key } = await newOrg();
      const res = await api('PUT', `/v1/request/${rid()}/property`, { key, base: slow.url, body: { key: 'k', value: 'v' } });
      expect(res.status).to.equal(404);
    });
  });
});
