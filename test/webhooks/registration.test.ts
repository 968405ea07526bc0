// Webhook registration through real HTTP (spec 4.11): create, list, delete, strict validation, tenant isolation.
import { expect } from 'chai';
import { api, newOrg } from '../helpers/harness.js';
import { compile } from '../../src/http/validate.js';
import { createdWebhookSchema, webhookSchema } from '../../schema/webhooks.js';

const create = (key: string, body: unknown) => api('POST', '/v1/webhooks', { key, body });

describe('webhooks: registration (spec 4.11)', () => {
  it('creates a webhook with defaults filled in; the secret is shown once, never listed', async () => {
    const o = await newOrg();
    const r = await create(o.key, { destination: 'https://hooks.example.com/in', config: {}, includeData: true });
    expect(r.status, r.text).to.equal(200);
    expect(Object.keys(r.body).sort()).to.deep.equal(['data', 'error']);
    expect(r.body.error).to.equal(null);
    const check = compile(createdWebhookSchema);
    expect(check(r.body.data), JSON.stringify(check.errors)).to.equal(true);
    expect(r.body.data).to.deep.include({ destination: 'https://hooks.example.com/in', includeData: true });
    expect(r.body.data.config).to.deep.equal({ events: ['request.logged'], sampleRate: 100, propertyFilters: [] });
    expect(r.body.data.secret).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);

    const list = await api('GET', '/v1/webhooks', { key: o.key });
    expect(list.status).to.equal(200);
    expect(list.body.data).to.have.length(1);
    const { secret: _secret, ...withoutSecret } = r.body.data;
    expect(list.body.data[0]).to.deep.equal(withoutSecret);
    expect(compile(webhookSchema)(list.body.data[0])).to.equal(true);
    expect(list.text).to.not.contain(r.body.data.secret);
  });

  it('keeps a full config and defaults includeData to false', async () => {
    const o = await newOrg();
    const config = {
      events: ['request.logged'],
      sampleRate: 12.5,
      propertyFilters: [{ key: 'env', value: 'prod' }, { key: 'team', value: 'search' }],
    };
    const r = await create(o.key, { destination: 'http://10.0.0.5:8080/x?y=1', config });
    expect(r.status).to.equal(200);
    expect(r.body.data.config).to.deep.equal(config);
    expect(r.body.data.includeData).to.equal(false);
  });

  const invalid: Array<[string, unknown, string]> = [
    ['missing destination', { config: {}, includeData: false }, 'body.destination: is required'],
    ['destination not a URL', { destination: 'not a url' }, 'body.destination: must be an absolute http or https URL'],
    ['ftp destination', { destination: 'ftp://example.com/x' }, 'body.destination: must use http or https, got "ftp:"'],
    ['file destination', { destination: 'file:///etc/passwd' }, 'body.destination: must use http or https'],
    ['javascript destination', { destination: 'javascript:alert(1)' }, 'body.destination: must use http or https'],
    ['destination not a string', { destination: 42 }, 'body.destination: must be string'],
    ['config not an object', { destination: 'https://x.test', config: 'all' }, 'body.config: must be object'],
    ['unknown config key', { destination: 'https://x.test', config: { events: ['request.logged'], rate: 1 } }, 'body.config.rate: unknown field'],
    ['unknown event', { destination: 'https://x.test', config: { events: ['request.deleted'] } }, 'body.config.events.0: must be one of "request.logged"'],
    ['sampleRate above 100', { destination: 'https://x.test', config: { sampleRate: 150 } }, 'body.config.sampleRate'],
    ['property filter without value', { destination: 'https://x.test', config: { propertyFilters: [{ key: 'env' }] } }, 'body.config.propertyFilters.0.value: is required'],
    ['includeData not boolean', { destination: 'https://x.test', includeData: 'yes' }, 'body.includeData: must be boolean'],
    ['unknown top-level field', { destination: 'https://x.test', secret: 'mine' }, 'body.secret: unknown field'],
  ];
  for (const [what, body, message] of invalid) {
    it(`400 naming the field: ${what}`, async () => {
      const o = await newOrg();
      const r = await create(o.key, body);
      expect(r.status, r.text).to.equal(400);
      expect(r.body.data).to.equal(null);
      expect(r.body.error).to.contain(message);
      expect((await api('GET', '/v1/webhooks', { key: o.key })).body.data).to.deep.equal([]);
    });
  }

  it('delete removes it; unknown and foreign ids are 404; other organisations never see it', async () => {
    const o = await newOrg();
    const other = await newOrg();
    const a = (await create(o.key, { destination: 'https://a.test/h' })).body.data;
    const b = (await create(o.key, { destination: 'https://b.test/h' })).body.data;

    expect((await api('GET', '/v1/webhooks', { key: other.key })).body.data).to.deep.equal([]);
    expect((await api('DELETE', `/v1/webhooks/${a.id}`, { key: other.key })).status).to.equal(404);
    expect((await api('GET', `/v1/webhooks/${a.id}/deliveries`, { key: other.key })).status).to.equal(404);

    const del = await api('DELETE', `/v1/webhooks/${a.id}`, { key: o.key });
    expect(del.status).to.equal(200);
    expect(del.body).to.deep.equal({ data: null, error: null });
    expect((await api('GET', '/v1/webhooks', { key: o.key })).body.data.map((w: { id: string }) => w.id)).to.deep.equal([b.id]);
    expect((await api('DELETE', `/v1/webhooks/${a.id}`, { key: o.key })).status).to.equal(404);
    expect((await api('DELETE', '/v1/webhooks/no-such-id', { key: o.key })).status).to.equal(404);
  });

  it('deliveries list: empty for a new webhook; bad limit is a 400', async () => {
    const o = await newOrg();
    const w = (await create(o.key, { destination: 'https://a.test/h' })).body.data;
    const r = await api('GET', `/v1/webhooks/${w.id}/deliveries`, { key: o.key });
    expect(r.body).to.deep.equal({ data: [], error: null });
    const bad = await api('GET', `/v1/webhooks/${w.id}/deliveries?limit=0`, { key: o.key });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.contain('query.limit');
  });

  it('requires a key', async () => {
    expect((await api('GET', '/v1/webhooks')).status).to.equal(401);
    expect((await create('', { destination: 'https://a.test' })).status).to.equal(401);
  });
});
