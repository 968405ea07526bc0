// Envelope, errors, auth and system routes through real HTTP on the real engine.
import { expect } from 'chai';
import { api, harness, newOrg } from '../helpers/harness.js';

function expectErrorEnvelope(body: unknown) {
  expect(body).to.be.an('object');
  expect(Object.keys(body as object).sort()).to.deep.equal(['data', 'error']);
  expect((body as { data: unknown }).data).to.equal(null);
  expect((body as { error: unknown }).error).to.be.a('string').and.not.equal('');
}

describe('HTTP conventions', () => {
  it('GET /healthz answers ok in the envelope, without a key', async () => {
    const r = await api('GET', '/healthz');
    expect(r.status).to.equal(200);
    expect(r.body).to.deep.equal({ data: { status: 'ok' }, error: null });
  });

  it('GET /readyz checks the engine', async () => {
    const r = await api('GET', '/readyz');
    expect(r.status).to.equal(200);
    expect(r.body.data.checks.clickhouse).to.equal('ok');
    expect(r.body.error).to.equal(null);
  });

  it('returns a request id header, and echoes a well-formed incoming one', async () => {
    const a = await api('GET', '/healthz');
    expect(a.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    const b = await api('GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(b.headers.get('x-request-id')).to.equal('trace-123');
    const c = await api('GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(c.headers.get('x-request-id')).to.not.equal('bad id with spaces');
  });

  it('unknown route: 404 envelope', async () => {
    const { key } = await newOrg();
    const r = await api('GET', '/v1/does-not-exist', { key });
    expect(r.status).to.equal(404);
    expectErrorEnvelope(r.body);
    expect(r.body.error).to.contain('/v1/does-not-exist');
  });

  it('malformed JSON: 400 envelope naming the body', async () => {
    const h = await harness();
    const res = await fetch(h.url + '/internal/admin/keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"org": ',
    });
    expect(res.status).to.equal(400);
    const body = await res.json();
    expectErrorEnvelope(body);
    expect(body.error).to.match(/malformed JSON/);
  });

  it('oversized body: 413 envelope', async () => {
    const h = await harness();
    const big = JSON.stringify({ org: 'x'.repeat(h.config.bodyLimitBytes + 10) });
    const res = await fetch(h.url + '/internal/admin/keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).to.equal(413);
    expectErrorEnvelope(await res.json());
  });

  it('admin API refuses callers without the admin token (403)', async () => {
    const r = await api('POST', '/internal/admin/keys', { body: { org: 'x' }, headers: { 'x-switchyard-admin': 'guess' } });
    expect(r.status).to.equal(403);
    expectErrorEnvelope(r.body);
  });

  it('schema validation: 400 naming the field, unknown fields refused', async () => {
    const h = await harness();
    const headers = { 'x-switchyard-admin': h.server.ctx.adminToken };
    const missing = await api('POST', '/internal/admin/keys', { body: {}, headers });
    expect(missing.status).to.equal(400);
    expect(missing.body.error).to.equal('body.org: is required');
    const extra = await api('POST', '/internal/admin/keys', { body: { org: 'a', colour: 'red' }, headers });
    expect(extra.status).to.equal(400);
    expect(extra.body.error).to.match(/^body\.colour: unknown field/);
    const wrongType = await api('POST', '/internal/admin/keys', { body: { org: 5 }, headers });
    expect(wrongType.status).to.equal(400);
    expect(wrongType.body.error).to.match(/^body\.org: must be string/);
  });

  it('a body the route cannot parse (NDJSON or text to a JSON route) is a 400, never unvalidated input', async () => {
    const { key } = await newOrg();
    const created = await api('POST', '/v1/prompt-2025', {
      key, body: { name: 'p', tags: [], promptBody: { model: 'm', messages: [{ role: 'user', content: 'hi' }] } },
    });
    expect(created.status, created.text).to.equal(200);
    const json = JSON.stringify({ name: 'q', tags: [], promptBody: { model: 'm', messages: [{ role: 'user', content: 'x' }] } });
    for (const type of ['application/x-ndjson', 'application/jsonl', 'text/plain']) {
      const r = await api('POST', '/v1/prompt-2025', { key, body: json, headers: { 'content-type': type } });
      expect(r.status, `${type}: ${r.text}`).to.equal(400);
      expectErrorEnvelope(r.body);
      expect(r.body.error).to.equal('body: expected Content-Type application/json');
      const v = await api('POST', `/v1/prompt-2025/id/${created.body.id}/versions`, {
        key, body: JSON.stringify({ promptBody: { model: 'm', messages: [{ role: 'user', content: 'x' }] } }), headers: { 'content-type': type },
      });
      expect(v.status, `${type}: ${v.text}`).to.equal(400);
    }
    const versions = await api('GET', `/v1/prompt-2025/id/${created.body.id}/versions`, { key });
    expect(versions.body).to.have.length(1);
    // A route whose body is all optional still refuses bytes it did not parse, instead of reading them as {}.
    const query = await api('POST', '/v1/prompt-2025/query', { key, body: '{"search":"zzz"}', headers: { 'content-type': 'text/plain' } });
    expect(query.status).to.equal(400);
  });

  it('JSON nested deeper than 256 levels is a 400 on every route, not a stack overflow (500)', async () => {
    const { key } = await newOrg();
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const prompt = (name: string, depth: number) =>
      `{"name":"${name}","tags":[],"promptBody":{"model":"m","messages":[{"role":"user","content":"x"}],"metadata":${nested(depth)}}}`;
    const headers = { 'content-type': 'application/json' };
    for (const depth of [255, 10_000, 200_000]) {
      const r = await api('POST', '/v1/prompt-2025', { key, body: prompt(`deep${depth}`, depth), headers });
      expect(r.status, `${depth}: ${r.text}`).to.equal(400);
      expect(r.body.error).to.equal('body: nested deeper than 256 levels of objects and arrays');
      const log = await api('POST', '/v1/log/request', { key, body: `{"request_body":${nested(depth + 1)}}`, headers });
      expect(log.status, `${depth}: ${log.text}`).to.equal(400);
    }
    // The whole body counts: the body and promptBody are levels 1 and 2, so 254 arrays reach level 256 exactly.
    const ok = await api('POST', '/v1/prompt-2025', { key, body: prompt('at-limit', 254), headers });
    expect(ok.status, ok.text).to.equal(200);
    const body = await api('GET', `/v1/prompt-2025/${ok.body.versionId}/prompt-body`, { key });
    expect(JSON.stringify(body.body.metadata)).to.equal(nested(254));
  });

  it('a lone surrogate in a JSON string or key is stored as U+FFFD (the engine refused it: 500 on every write)', async () => {
    const { key } = await newOrg();
    const lone = 'a\\ud800b\\udfffc'; // JSON text of "a", a lone high and a lone low surrogate, "c"
    const fixed = 'a\ufffdb\ufffdc';
    const headers = { 'content-type': 'application/json' };
    const send = (method: string, path: string, json: string) => api(method, path, { key, body: json, headers });

    const created = await send('POST', '/v1/prompt-2025', `{"name":"${lone}","tags":["${lone}"],"promptBody":{"model":"${lone}","messages":[{"role":"user","content":"x"}],"metadata":{"${lone}":1,"__proto__":{"x":"${lone}"}}}}`);
    expect(created.status, created.text).to.equal(200);
    expect((await api('GET', '/v1/prompt-2025/tags', { key })).body).to.deep.equal([fixed]);
    const body = (await api('GET', `/v1/prompt-2025/${created.body.versionId}/prompt-body`, { key })).body;
    expect(body.model).to.equal(fixed);
    expect(Object.keys(body.metadata)).to.deep.equal([fixed, '__proto__']);
    expect(Object.getOwnPropertyDescriptor(body.metadata, '__proto__')?.value).to.deep.equal({ x: fixed });

    const logged = await api('POST', '/v1/log/request', { key, body: { request_model: 'm' } });
    const id = logged.body.data.request_ids[0];
    expect((await send('PUT', `/v1/request/${id}/property`, `{"key":"${lone}","value":"${lone}"}`)).status).to.equal(200);
    expect((await send('POST', `/v1/evals/${id}`, `{"name":"${lone}","score":1}`)).status).to.equal(200);
    const rec = (await api('GET', `/v1/request/${id}`, { key })).body.data;
    expect(rec.properties).to.deep.equal({ [fixed]: fixed });
    expect(rec.scores).to.deep.equal({ [fixed]: 1 });

    expect((await send('POST', '/v1/session/s1/tag', `{"tag":"${lone}"}`)).body.data.tag).to.equal(fixed);
    const q = await send('POST', '/v1/evals/score-distributions/query', `{"timeFilter":{"start":"2000-01-01T00:00:00Z","end":"2100-01-01T00:00:00Z"},"filter":{"request_response_rmt":{"scores":{"${lone}":{"gte":1}}}}}`);
    expect(q.status, q.text).to.equal(200);
    expect(q.body.data.map((d: { name: string }) => d.name)).to.deep.equal([fixed]);
  });
});
