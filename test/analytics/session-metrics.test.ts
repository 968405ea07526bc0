// POST /v1/session/metrics/query and the session tag endpoints, through real HTTP on the real engine.
import { expect } from 'chai';
import { sessionMetricsResponseSchema, sessionTagResponseSchema } from '../../schema/analytics.js';
import { ajv } from '../../src/http/validate.js';
import { api, harness, newOrg, type Org } from '../helpers/harness.js';
import { insertRequests, requestRow, sessionRow, updated, type RequestRow } from './fixtures.js';

const PATH = '/v1/session/metrics/query';
const DAY = Date.UTC(2025, 3, 1);
const checkResponse = ajv.compile(sessionMetricsResponseSchema);
const checkTag = ajv.compile(sessionTagResponseSchema);

type Bucket = { range_start: number; range_end: number; value: number };
async function metrics(org: Org, body: object = {}) {
  const r = await api('POST', PATH, { key: org.key, body });
  if (r.status === 200) expect(checkResponse(r.body), JSON.stringify(checkResponse.errors)).to.equal(true);
  return r;
}
const counts = (buckets: Bucket[]) => buckets.map((b) => b.value);
const ranges = (buckets: Bucket[]) => buckets.map((b) => [b.range_start, b.range_end]);
/** The edges the engine computes for 10 equal-width buckets, by the same arithmetic. */
const continuousEdges = (lo: number, hi: number) => [...Array.from({ length: 10 }, (_, i) => lo + i * ((hi - lo) / 10)), hi];

/**
 * Sessions s1..s5: session sK has K requests one second apart, each 500 ms long and costing 0.1 USD, so it lasts
 * K - 0.5 s and costs 0.1 K USD. Names: Chat, chat bot, Batch, "100% Done", "x_y". In s5 the last two requests use
 * model "claude", the others "gpt". Plus a request without a session.
 */
async function fiveSessions(org: Org): Promise<RequestRow[]> {
  const names = ['Chat', 'chat bot', 'Batch', '100% Done', 'x_y'];
  const rows: RequestRow[] = [];
  for (let k = 1; k <= 5; k++) {
    for (let i = 0; i < k; i++) {
      rows.push(
        sessionRow(org.org, `s${k}`, {
          sessionName: names[k - 1],
          at: DAY + i * 1000,
          delay_ms: 500,
          cost_nano_usd: 100_000_000,
          model: k === 5 && i >= 3 ? 'claude' : 'gpt',
        }),
      );
    }
  }
  rows.push(requestRow(org.org, { at: DAY, delay_ms: 90_000, cost_nano_usd: 9_000_000_000 }));
  await insertRequests((await harness()).db, rows);
  return rows;
}

describe('POST /v1/session/metrics/query', () => {
  it('histograms over sessions of requests, duration and cost, with averages (hand-checked)', async () => {
    const org = await newOrg();
    const other = await newOrg();
    await fiveSessions(org);
    // Another organisation uses the same session id: none of it may count.
    await insertRequests((await harness()).db, [sessionRow(other.org, 's1', { at: DAY, delay_ms: 99_000, cost_nano_usd: 5e9 })]);
    const r = await metrics(org, { nameContains: '', timezoneDifference: 0, useInterquartile: false, filter: 'all' });
    expect(r.status).to.equal(200);
    const d = r.body.data;
    expect(ranges(d.session_count)).to.deep.equal([[1, 2], [2, 3], [3, 4], [4, 5], [5, 6]]);
    expect(counts(d.session_count)).to.deep.equal([1, 1, 1, 1, 1]);

    const dur = continuousEdges(0.5, 4.5);
    expect(ranges(d.session_duration)).to.deep.equal(dur.slice(0, -1).map((lo, i) => [lo, dur[i + 1]]));
    // 0.5 | 1.5 in [1.3, 1.7) | 2.5 in [2.5, 2.9) | 3.5 in [3.3, 3.7) | 4.5 in the closed last bucket
    expect(counts(d.session_duration)).to.deep.equal([1, 0, 1, 0, 0, 1, 0, 1, 0, 1]);

    const cost = continuousEdges(0.1, 0.5);
    expect(ranges(d.session_cost)).to.deep.equal(cost.slice(0, -1).map((lo, i) => [lo, cost[i + 1]]));
    expect(counts(d.session_cost).reduce((a: number, b: number) => a + b, 0)).to.equal(5);
    expect(d.session_cost[0].value).to.equal(1);
    expect(d.session_cost[9].value).to.equal(1);

    expect(d.average.session_count).to.equal(3);
    expect(d.average.session_duration).to.be.closeTo(2.5, 1e-12);
    expect(d.average.session_cost).to.be.closeTo(0.3, 1e-12);
  });

  it('useInterquartile keeps only sessions within [p25, p75] of each metric', async () => {
    const org = await newOrg();
    await fiveSessions(org);
    const d = (await metrics(org, { useInterquartile: true })).body.data;
    expect(ranges(d.session_count)).to.deep.equal([[2, 3], [3, 4], [4, 5]]);
    expect(counts(d.session_count)).to.deep.equal([1, 1, 1]);
    expect(d.session_duration[0].range_start).to.equal(1.5);
    expect(d.session_duration[9].range_end).to.equal(3.5);
    expect(counts(d.session_duration).reduce((a: number, b: number) => a + b, 0)).to.equal(3);
    expect(d.session_cost[0].range_start).to.equal(0.2);
    expect(d.session_cost[9].range_end).to.equal(0.4);
    expect(d.average).to.deep.include({ session_count: 3 });
    expect(d.average.session_duration).to.be.closeTo(2.5, 1e-12);
    expect(d.average.session_cost).to.be.closeTo(0.3, 1e-12);
  });

  it('nameContains: case-insensitive substring of Core-Session-Name, with % and _ as plain characters', async () => {
    const org = await newOrg();
    await fiveSessions(org);
    const sessionsOf = async (nameContains: string) => counts((await metrics(org, { nameContains })).body.data.session_count);
    expect(await sessionsOf('CHAT')).to.deep.equal([1, 1]); // s1 (1 request), s2 (2)
    expect(await sessionsOf('%')).to.deep.equal([1]); // only "100% Done"
    expect(await sessionsOf('_')).to.deep.equal([1]); // only "x_y"
    expect(await sessionsOf('nobody')).to.deep.equal([]);
    expect(await sessionsOf('')).to.deep.equal([1, 1, 1, 1, 1]);
  });

  it('request-level filters choose the requests that form sessions; session filters choose sessions; OR mixes both', async () => {
    const org = await newOrg();
    await fiveSessions(org);
    const claude = (await metrics(org, { filter: { request_response_rmt: { model: { equals: 'claude' } } } })).body.data;
    expect(ranges(claude.session_count)).to.deep.equal([[2, 3]]);
    expect(claude.session_duration).to.deep.equal([{ range_start: 1.5, range_end: 1.5, value: 1 }]);
    expect(claude.session_cost).to.deep.equal([{ range_start: 0.2, range_end: 0.2, value: 1 }]);

    const expensive = (await metrics(org, { filter: { sessions_request_response_rmt: { session_total_cost: { gt: 0.25 } } } })).body.data;
    expect(ranges(expensive.session_count)).to.deep.equal([[3, 4], [4, 5], [5, 6]]);

    const mixed = await metrics(org, {
      filter: {
        left: { request_response_rmt: { model: { equals: 'claude' } } },
        operator: 'or',
        right: { sessions_request_response_rmt: { session_total_requests: { equals: 1 } } },
      },
    });
    expect(ranges(mixed.body.data.session_count)).to.deep.equal([[1, 2], [2, 3]]);
    expect(counts(mixed.body.data.session_count)).to.deep.equal([1, 1]);
  });

  it('session_tag filters by the tag set through POST /v1/session/:id/tag; DELETE removes it', async () => {
    const org = await newOrg();
    await fiveSessions(org);
    const filter = { sessions_request_response_rmt: { session_tag: { equals: 'vip' } } };
    expect(counts((await metrics(org, { filter })).body.data.session_count)).to.deep.equal([]);
    const set = await api('POST', '/v1/session/s2/tag', { key: org.key, body: { tag: 'vip' } });
    expect(set.status).to.equal(200);
    expect(set.body).to.deep.equal({ data: { session_id: 's2', tag: 'vip' }, error: null });
    expect(ranges((await metrics(org, { filter })).body.data.session_count)).to.deep.equal([[2, 3]]);
    // Re-tagging replaces the tag.
    await api('POST', '/v1/session/s2/tag', { key: org.key, body: { tag: 'gold' } });
    expect((await metrics(org, { filter })).body.data.session_count).to.deep.equal([]);
    const gold = { sessions_request_response_rmt: { session_tag: { equals: 'gold' } } };
    expect(ranges((await metrics(org, { filter: gold })).body.data.session_count)).to.deep.equal([[2, 3]]);
    const del = await api('DELETE', '/v1/session/s2/tag', { key: org.key });
    expect(del.body).to.deep.equal({ data: { session_id: 's2', tag: null }, error: null });
    expect((await metrics(org, { filter: gold })).body.data.session_count).to.deep.equal([]);
  });

  it('timeFilter restricts the requests that form sessions', async () => {
    const org = await newOrg();
    await fiveSessions(org);
    const d = (
      await metrics(org, { timeFilter: { start: new Date(DAY).toISOString(), end: new Date(DAY + 2000).toISOString() } })
    ).body.data;
    expect(ranges(d.session_count)).to.deep.equal([[1, 2], [2, 3]]);
    expect(counts(d.session_count)).to.deep.equal([1, 4]);
  });

  it('an updated request counts once, with its newest cost and session', async () => {
    const org = await newOrg();
    const rows = await fiveSessions(org);
    const first = rows[0]!; // s1's only request
    await insertRequests((await harness()).db, [updated(first, { cost_nano_usd: 700_000_000 }), updated(updated(first, {}), { cost_nano_usd: 700_000_000 })]);
    const d = (await metrics(org, {})).body.data;
    expect(counts(d.session_count)).to.deep.equal([1, 1, 1, 1, 1]);
    expect(d.session_cost[9]).to.include({ range_end: 0.7, value: 1 });
    // Moving a request to another session through an update moves it in the metrics too.
    await insertRequests((await harness()).db, [
      updated(updated(updated(first, {}), {}), { properties: { 'Core-Session-Id': 's2', 'Core-Session-Name': 'chat bot' } }),
    ]);
    const moved = (await metrics(org, {})).body.data;
    expect(ranges(moved.session_count)).to.deep.equal([[3, 4], [4, 5], [5, 6]]);
    expect(counts(moved.session_count)).to.deep.equal([2, 1, 1]);
  });

  it('session sums do not wrap at Int64: ten requests at the largest loggable cost, tokens near 2^53', async () => {
    const org = await newOrg();
    // 1e9 USD (the ingestion maximum) is 1e18 nano-USD; ten of them exceed Int64 (9.2e18), as do 1100 x (2^53 - 1) tokens.
    const rows = [
      ...Array.from({ length: 10 }, (_, i) => sessionRow(org.org, 'rich', { at: DAY + i * 1000, cost_nano_usd: 1e18 })),
      ...Array.from({ length: 1100 }, (_, i) => sessionRow(org.org, 'long', { at: DAY + i, total_tokens: Number.MAX_SAFE_INTEGER })),
    ];
    await insertRequests((await harness()).db, rows);
    const all = (await metrics(org, {})).body.data;
    expect(all.session_cost.at(-1)).to.include({ range_end: 1e10, value: 1 });
    const richOnly = await metrics(org, { filter: { sessions_request_response_rmt: { session_total_cost: { gte: 1e10 } } } });
    expect(richOnly.status, richOnly.text).to.equal(200);
    expect(richOnly.body.data.average).to.include({ session_count: 10, session_cost: 1e10 });
    const longOnly = await metrics(org, { filter: { sessions_request_response_rmt: { session_total_tokens: { gt: 9e18 } } } });
    expect(longOnly.body.data.average).to.include({ session_count: 1100 });
  });

  it('no sessions: empty histograms and zero averages', async () => {
    const org = await newOrg();
    await insertRequests((await harness()).db, [requestRow(org.org, {})]);
    const r = await metrics(org, {});
    expect(r.body).to.deep.equal({
      data: { session_count: [], session_duration: [], session_cost: [], average: { session_count: 0, session_duration: 0, session_cost: 0 } },
      error: null,
    });
  });

  describe('validation: 400 naming the field', () => {
    const cases: Array<[string, object, string]> = [
      ['timezoneDifference out of range', { timezoneDifference: 1500 }, 'body.timezoneDifference: must be <= 1440'],
      ['useInterquartile not boolean', { useInterquartile: 'yes' }, 'body.useInterquartile: must be boolean'],
      ['nameContains not string', { nameContains: 5 }, 'body.nameContains: must be string'],
      ['4.8 spelling of timeZoneDifference', { timeZoneDifference: 0 }, 'body.timeZoneDifference: unknown field'],
      ['bad window', { timeFilter: { start: '2025-04-02T00:00:00Z', end: '2025-04-01T00:00:00Z' } }, 'body.timeFilter: start must be before end'],
      [
        'session key in the request table',
        { filter: { request_response_rmt: { session_tag: { equals: 'x' } } } },
        'body.filter.request_response_rmt.session_tag: unknown key',
      ],
      [
        'wrong value type for a session key',
        { filter: { sessions_request_response_rmt: { session_total_cost: { gt: '1' } } } },
        'body.filter.sessions_request_response_rmt.session_total_cost.gt: must be a finite number',
      ],
    ];
    for (const [name, body, message] of cases) {
      it(name, async () => {
        const r = await metrics(await newOrg(), body);
        expect(r.status).to.equal(400);
        expect(r.body.data).to.equal(null);
        expect(r.body.error.startsWith(message), r.body.error).to.equal(true);
      });
    }
  });
});

describe('session tags: /v1/session/:sessionId/tag', () => {
  it('set, read, replace and remove; scoped by organisation', async () => {
    const org = await newOrg();
    const other = await newOrg();
    const id = encodeURIComponent("weird id/with ' quote");
    const get = async (o: Org) => {
      const r = await api('GET', `/v1/session/${id}/tag`, { key: o.key });
      expect(checkTag(r.body)).to.equal(true);
      return r.body.data.tag;
    };
    expect(await get(org)).to.equal(null);
    await api('POST', `/v1/session/${id}/tag`, { key: org.key, body: { tag: 'a' } });
    expect(await get(org)).to.equal('a');
    expect(await get(other)).to.equal(null);
    await api('POST', `/v1/session/${id}/tag`, { key: org.key, body: { tag: 'b' } });
    expect(await get(org)).to.equal('b');
    await api('DELETE', `/v1/session/${id}/tag`, { key: org.key });
    expect(await get(org)).to.equal(null);
    await api('POST', `/v1/session/${id}/tag`, { key: org.key, body: { tag: 'c' } });
    expect(await get(org)).to.equal('c');
  });

  it('rejects an empty or oversized tag and an oversized session id', async () => {
    const { key } = await newOrg();
    const empty = await api('POST', '/v1/session/s/tag', { key, body: { tag: '' } });
    expect(empty.status).to.equal(400);
    expect(empty.body.error).to.match(/^body\.tag: /);
    expect((await api('POST', '/v1/session/s/tag', { key, body: { tag: 'x'.repeat(257) } })).status).to.equal(400);
    expect((await api('POST', '/v1/session/s/tag', { key, body: {} })).body.error).to.equal('body.tag: is required');
    const long = await api('POST', `/v1/session/${'x'.repeat(1025)}/tag`, { key, body: { tag: 'a' } });
    expect(long.status).to.equal(400);
    expect(long.body.error).to.match(/^params\.sessionId: /);
  });
});
