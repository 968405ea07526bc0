// Logged requests reach webhooks: the batch writer's landed hook feeds the webhook service once rows are in
// ClickHouse (only then: a request.logged event never names a request that is not readable).
import { expect } from 'chai';
import { api, newOrg } from '../helpers/harness.js';
import { fakeDestination } from '../webhooks/fake-destination.js';
import { rid } from './helpers.js';

describe('ingestion -> webhooks', () => {
  it('a logged request matching a webhook is delivered as request.logged after it landed', async () => {
    const dest = await fakeDestination();
    try {
      const { key } = await newOrg();
      const hook = await api('POST', '/v1/webhooks', {
        key,
        body: { destination: dest.url, config: { propertyFilters: [{ key: 'env', value: 'prod' }] }, includeData: true },
      });
      expect(hook.status, hook.text).to.be.oneOf([200, 201]);
      const prod = rid('wh');
      const res = await api('POST', '/v1/log/request', {
        key,
        body: { requests: [{ request_id: prod, properties: { env: 'prod' }, cost: 0.002, request_body: { q: 1 } }, { request_id: rid('wh'), properties: { env: 'dev' } }] },
      });
      expect(res.status).to.equal(202);
      const [got] = await dest.waitFor(1);
      const data = got!.json.data;
      expect(data).to.include({ request_id: prod, cost: 0.002 });
      expect(data.properties).to.deep.equal({ env: 'prod' });
      expect(data.request_body).to.deep.equal({ q: 1 });
      await new Promise((r) => setTimeout(r, 300));
      expect(dest.received).to.have.length(1);
    } finally {
      await dest.close();
    }
  });
});
