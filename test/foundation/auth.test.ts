// Bearer auth (spec 5) through real HTTP: every failure is the same bare 401 envelope.
import { expect } from 'chai';
import { api, harness, newOrg } from '../helpers/harness.js';

describe('auth', () => {
  const unauthorized = (r: { status: number; body: any }) => {
    expect(r.status).to.equal(401);
    expect(r.body).to.deep.equal({ data: null, error: 'missing or invalid API key' });
  };

  it('a good key authenticates as its organisation', async () => {
    const o = await newOrg();
    const r = await api('GET', '/v1/me', { key: o.key });
    expect(r.status).to.equal(200);
    expect(r.body).to.deep.equal({ data: { organization_id: o.org, key_id: o.keyId }, error: null });
  });

  it('no header -> 401', async () => {
    unauthorized(await api('GET', '/v1/me'));
  });

  it('malformed header -> 401', async () => {
    const o = await newOrg();
    unauthorized(await api('GET', '/v1/me', { headers: { authorization: o.key } }));
    unauthorized(await api('GET', '/v1/me', { headers: { authorization: `Basic ${o.key}` } }));
    unauthorized(await api('GET', '/v1/me', { headers: { authorization: 'Bearer ' } }));
    unauthorized(await api('GET', '/v1/me', { headers: { authorization: `Bearer ${o.key} extra` } }));
  });

  it('unknown key -> 401, same message as every other failure', async () => {
    unauthorized(await api('GET', '/v1/me', { key: 'sy_' + 'x'.repeat(32) }));
  });

  it('a revoked key is refused within 5 seconds, also after it was cached', async () => {
    const o = await newOrg();
    expect((await api('GET', '/v1/me', { key: o.key })).status).to.equal(200); // now cached
    const h = await harness();
    await h.server.ctx.keys.revoke(o.keyId);
    const started = Date.now();
    let status = 200;
    while (Date.now() - started < 5000) {
      status = (await api('GET', '/v1/me', { key: o.key })).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).to.equal(401);
  });

  it('keys are stored only as hashes', async () => {
    const o = await newOrg();
    const h = await harness();
    const rows = await h.db.query<Record<string, unknown>>('SELECT * FROM api_keys FINAL WHERE id = {id:String}', { id: o.keyId });
    expect(rows).to.have.length(1);
    expect(JSON.stringify(rows[0])).to.not.contain(o.key);
    expect(rows[0]!.key_hash).to.match(/^[0-9a-f]{64}$/);
  });

  it('public routes need no key', async () => {
    expect((await api('GET', '/healthz')).status).to.equal(200);
    expect((await api('GET', '/openapi.json')).status).to.equal(200);
  });
});

describe('key verification cache', () => {
  it('a flood of unknown keys does not evict a valid key from the cache', async () => {
    const { KeyStore } = await import('../../src/auth/keys.js');
    const h = await harness();
    let queries = 0;
    const counting = new Proxy(h.db, {
      get: (t, p) => (p === 'query' ? (...a: Parameters<typeof t.query>) => (queries++, t.query(...a)) : Reflect.get(t, p)),
    });
    const store = new KeyStore(counting, 60_000, 5);
    const o = await newOrg();
    expect(await store.verify(o.key)).to.deep.equal({ organizationId: o.org, keyId: o.keyId });
    for (let i = 0; i < 12; i++) expect(await store.verify(`sy_unknown_${i}`)).to.equal(null);
    const before = queries;
    expect(await store.verify(o.key)).to.deep.equal({ organizationId: o.org, keyId: o.keyId });
    expect(queries, 'the valid key was looked up again').to.equal(before);
    // Rejections are cached too, within their own bound.
    expect(await store.verify('sy_unknown_11')).to.equal(null);
    expect(queries).to.equal(before);
  });
});
