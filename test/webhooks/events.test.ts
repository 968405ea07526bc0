// Matching and payloads of `request.logged` events (pure functions), and the signature receivers verify.
import { expect } from 'chai';
import { MAX_BODY_CHARS, eventId, matches, requestLoggedBody, type MatchableWebhook } from '../../src/webhooks/events.js';
import { sign, verify } from '../../src/webhooks/signature.js';
import { createHmac } from 'node:crypto';

const hook = (config: Partial<MatchableWebhook['config']> = {}, includeData = false): MatchableWebhook => ({
  id: 'wh-1',
  includeData,
  config: { events: ['request.logged'], sampleRate: 100, propertyFilters: [], ...config },
});

describe('webhook events', () => {
  it('property filters: every filter must equal a property', () => {
    const h = hook({ propertyFilters: [{ key: 'env', value: 'prod' }, { key: 'team', value: 'a' }] });
    expect(matches(h, { request_id: 'r', properties: { env: 'prod', team: 'a', x: 'y' } }, 'request.logged')).to.equal(true);
    expect(matches(h, { request_id: 'r', properties: { env: 'prod' } }, 'request.logged')).to.equal(false);
    expect(matches(h, { request_id: 'r', properties: { env: 'PROD', team: 'a' } }, 'request.logged')).to.equal(false);
    expect(matches(h, { request_id: 'r' }, 'request.logged')).to.equal(false);
    expect(matches(hook(), { request_id: 'r' }, 'request.logged')).to.equal(true);
  });

  it('sample rate: about that share of requests, the same answer every time for one request', () => {
    const h = hook({ sampleRate: 30 });
    const ids = Array.from({ length: 4000 }, (_, i) => `req-${i}`);
    const picked = ids.filter((id) => matches(h, { request_id: id }, 'request.logged'));
    expect(picked.length / ids.length).to.be.within(0.27, 0.33);
    expect(ids.filter((id) => matches(h, { request_id: id }, 'request.logged'))).to.deep.equal(picked);
    expect(ids.some((id) => matches(hook({ sampleRate: 0 }), { request_id: id }, 'request.logged'))).to.equal(false);
  });

  it('event ids are stable per (organisation, webhook, request) and differ otherwise', () => {
    expect(eventId('o', 'w', 'r')).to.equal(eventId('o', 'w', 'r'));
    expect(new Set([eventId('o', 'w', 'r'), eventId('o2', 'w', 'r'), eventId('o', 'w2', 'r'), eventId('o', 'w', 'r2')]).size).to.equal(4);
    expect(eventId('o', 'w', 'r')).to.match(/^evt_[0-9a-f]{32}$/);
  });

  it('payload: cost in USD from exact nano-USD, ISO times, bodies only with includeData, cut bodies flagged', () => {
    const ids = { eventId: 'evt_1', createdAt: '2026-01-01T00:00:00.000Z' };
    const row = {
      request_id: 'r1',
      request_created_at: '2026-01-02 03:04:05.006',
      cost_nano_usd: '123456789012',
      total_tokens: '9000000000',
      request_body: 'not json',
      response_body: 'x'.repeat(MAX_BODY_CHARS + 5),
    };
    const lean = JSON.parse(requestLoggedBody(hook(), row, ids));
    expect(lean.data).to.deep.include({ cost: 123.456789012, total_tokens: 9_000_000_000, request_created_at: '2026-01-02T03:04:05.006Z' });
    expect(lean.data).to.not.have.any.keys('request_body', 'response_body');
    const full = JSON.parse(requestLoggedBody(hook({}, true), row, ids));
    expect(full.data.request_body).to.equal('not json');
    expect(full.data.response_body).to.have.length(MAX_BODY_CHARS);
    expect(full.data.response_body_truncated).to.equal(true);
    expect(full.data).to.not.have.property('request_body_truncated');
  });

  it('signature: sha256=<hex HMAC of the raw body>, as any HMAC library computes it', () => {
    const body = '{"a":1}';
    const expected = 'sha256=' + createHmac('sha256', 'whsec_x').update(body).digest('hex');
    expect(sign('whsec_x', body)).to.equal(expected);
    expect(verify('whsec_x', Buffer.from(body), expected)).to.equal(true);
    expect(verify('whsec_x', '{"a": 1}', expected)).to.equal(false);
    expect(verify('whsec_x', body, undefined)).to.equal(false);
    expect(verify('whsec_x', body, 'sha256=00')).to.equal(false);
  });
});
