// POST /v1/evals/score-distributions/query through real HTTP on the real engine, with hand-checked buckets.
import { expect } from 'chai';
import { ajv } from '../../src/http/validate.js';
import { scoreDistributionsResponseSchema } from '../../schema/analytics.js';
import { api, harness, newOrg, type Org } from '../helpers/harness.js';
import { insertRequests, requestRow, sessionRow, updated, type RowInput } from './fixtures.js';

const PATH = '/v1/evals/score-distributions/query';
const DAY = Date.UTC(2025, 2, 10);
const timeFilter = { start: '2025-03-10T00:00:00.000Z', end: '2025-03-11T00:00:00.000Z' };
const checkResponse = ajv.compile(scoreDistributionsResponseSchema);

async function query(org: Org, body: object) {
  const r = await api('POST', PATH, { key: org.key, body: { timeFilter, ...body } });
  if (r.status === 200) expect(checkResponse(r.body), JSON.stringify(checkResponse.errors)).to.equal(true);
  return r;
}
async function insert(org: Org, rows: RowInput[]) {
  const built = rows.map((r) => requestRow(org.org, { at: DAY + 3_600_000, ...r }));
  await insertRequests((await harness()).db, built);
  return built;
}

describe('POST /v1/evals/score-distributions/query', () => {
  it('10 equal-width buckets over each score\'s min..max, the last closed; one bucket when min = max', async () => {
    const org = await newOrg();
    await insert(org, [
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => ({ scores: { accuracy: v } })),
      ...[1, 2, 3].map(() => ({ scores: { helpful: 0.5 } })),
    ]);
    const r = await query(org, {});
    expect(r.status).to.equal(200);
    expect(r.body.error).to.equal(null);
    const [accuracy, helpful] = r.body.data;
    expect(accuracy.name).to.equal('accuracy');
    expect(accuracy.distribution).to.deep.equal([
      { value: 1, lower: 0, upper: 1 },
      { value: 1, lower: 1, upper: 2 },
      { value: 1, lower: 2, upper: 3 },
      { value: 1, lower: 3, upper: 4 },
      { value: 1, lower: 4, upper: 5 },
      { value: 1, lower: 5, upper: 6 },
      { value: 1, lower: 6, upper: 7 },
      { value: 1, lower: 7, upper: 8 },
      { value: 1, lower: 8, upper: 9 },
      { value: 2, lower: 9, upper: 10 },
    ]);
    expect(helpful).to.deep.equal({ name: 'helpful', distribution: [{ value: 3, lower: 0.5, upper: 0.5 }] });
  });

  it('scores spanning almost the whole double range: finite, increasing bounds and exact counts (no overflow of max - min)', async () => {
    const org = await newOrg();
    const values = [-1.7e308, -1e308, 0, 5e-324, 1e308, 1.7e308];
    await insert(org, values.map((v) => ({ scores: { wide: v } })));
    const r = await query(org, {});
    expect(r.status, r.text).to.equal(200);
    const { distribution } = r.body.data[0];
    expect(distribution).to.have.length(10);
    expect(distribution[0].lower).to.equal(-1.7e308);
    expect(distribution[9].upper).to.equal(1.7e308);
    distribution.forEach((b: { value: number; lower: number; upper: number }, i: number) => {
      expect(Number.isFinite(b.lower) && Number.isFinite(b.upper) && b.lower < b.upper, JSON.stringify(b)).to.equal(true);
      const last = i === distribution.length - 1;
      expect(b.value).to.equal(values.filter((v) => v >= b.lower && (last ? v <= b.upper : v < b.upper)).length);
    });
  });

  it('empty buckets are present, and each count is exactly the values in [lower, upper) of the returned bounds', async () => {
    const org = await newOrg();
    const values = [-1, -0.5, -0.49, 0.1 + 0.2, 0.3, 0.7, 0.99999, 1];
    await insert(org, values.map((v) => ({ scores: { s: v } })));
    const { distribution } = (await query(org, {})).body.data[0];
    expect(distribution).to.have.length(10);
    distribution.forEach((b: { value: number; lower: number; upper: number }, i: number) => {
      const last = i === distribution.length - 1;
      const inside = values.filter((v) => v >= b.lower && (last ? v <= b.upper : v < b.upper)).length;
      expect(b.value, `bucket ${i} [${b.lower}, ${b.upper})`).to.equal(inside);
      if (i > 0) expect(b.lower).to.equal(distribution[i - 1].upper);
    });
    expect(distribution[0].lower).to.equal(-1);
    expect(distribution[9].upper).to.equal(1);
    expect(distribution.reduce((a: number, b: { value: number }) => a + b.value, 0)).to.equal(values.length);
  });

  it('counts a request updated ten times once, with its newest scores', async () => {
    const org = await newOrg();
    const [row] = await insert(org, [{ scores: { quality: 1 } }, { scores: { quality: 3 } }]);
    let current = row!;
    const versions = [];
    for (let i = 0; i < 10; i++) versions.push((current = updated(current, { scores: { quality: i === 9 ? 2 : 1 + (i % 3), extra: i } })));
    await insertRequests((await harness()).db, versions);
    const data = (await query(org, {})).body.data;
    expect(data.map((d: { name: string }) => d.name)).to.deep.equal(['extra', 'quality']);
    const quality = data[1].distribution;
    // Two requests: the updated one now scores 2, the other 3.
    expect(quality.reduce((a: number, b: { value: number }) => a + b.value, 0)).to.equal(2);
    expect(quality[0]).to.deep.equal({ value: 1, lower: 2, upper: 2.1 });
    expect(quality[9]).to.deep.equal({ value: 1, lower: 2.9, upper: 3 });
    expect(data[0].distribution).to.deep.equal([{ value: 1, lower: 9, upper: 9 }]);
  });

  it('pages over sorted score names with offset and limit (defaults 0 and 100)', async () => {
    const org = await newOrg();
    await insert(org, ['e', 'b', 'd', 'a', 'c'].map((n) => ({ scores: { [n]: 1 } })));
    const names = async (body: object) => (await query(org, body)).body.data.map((d: { name: string }) => d.name);
    expect(await names({})).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    expect(await names({ offset: 1, limit: 2 })).to.deep.equal(['b', 'c']);
    expect(await names({ offset: 4, limit: 1000 })).to.deep.equal(['e']);
    expect(await names({ offset: 5 })).to.deep.equal([]);
  });

  it('only requests of the organisation, in [start, end), matching the filter', async () => {
    const org = await newOrg();
    const other = await newOrg();
    await insert(org, [
      { at: DAY, scores: { s: 1 }, model: 'gpt' }, // at start: in
      { at: DAY + 86_399_999, scores: { s: 2 }, model: 'gpt' }, // last millisecond: in
      { at: DAY + 86_400_000, scores: { s: 100 }, model: 'gpt' }, // at end: out
      { at: DAY - 1, scores: { s: -100 }, model: 'gpt' }, // before: out
      { scores: { s: 50 }, model: 'claude' }, // filtered out
    ]);
    await insert(other, [{ scores: { s: 1000, foreign: 1 }, model: 'gpt' }]);
    const r = await query(org, { filter: { request_response_rmt: { model: { equals: 'gpt' } } } });
    expect(r.body.data).to.have.length(1);
    const d = r.body.data[0].distribution;
    expect([d[0].lower, d[9].upper]).to.deep.equal([1, 2]);
    expect(d[0].value + d[9].value).to.equal(2);
  });

  it('session-level filters work here too (session_tag set through the API)', async () => {
    const org = await newOrg();
    const db = (await harness()).db;
    await insertRequests(db, [
      sessionRow(org.org, 'tagged', { at: DAY + 1000, scores: { s: 1 } }),
      sessionRow(org.org, 'tagged', { at: DAY + 2000, scores: { s: 2 } }),
      sessionRow(org.org, 'plain', { at: DAY + 3000, scores: { s: 9 } }),
      requestRow(org.org, { at: DAY + 4000, scores: { s: 7 } }),
    ]);
    expect((await api('POST', '/v1/session/tagged/tag', { key: org.key, body: { tag: 'golden' } })).status).to.equal(200);
    const r = await query(org, { filter: { sessions_request_response_rmt: { session_tag: { equals: 'golden' } } } });
    const d = r.body.data[0].distribution;
    expect([d[0].lower, d[9].upper, d[0].value, d[9].value]).to.deep.equal([1, 2, 1, 1]);
    const untagged = await query(org, { filter: { sessions_request_response_rmt: { session_tag: { 'not-equals': 'golden' } } } });
    expect(untagged.body.data[0].distribution).to.deep.equal([{ value: 1, lower: 9, upper: 9 }]);
  });

  it('an organisation without scores gets an empty list', async () => {
    const org = await newOrg();
    const r = await query(org, {});
    expect(r.status).to.equal(200);
    expect(r.body).to.deep.equal({ data: [], error: null });
  });

  describe('validation: 400 naming the field', () => {
    const cases: Array<[string, object, string]> = [
      ['missing timeFilter', { timeFilter: undefined }, 'body.timeFilter: is required'],
      ['start not ISO', { timeFilter: { start: 'yesterday', end: timeFilter.end } }, 'body.timeFilter.start: must be an ISO 8601'],
      ['no zone', { timeFilter: { start: '2025-03-10T00:00:00', end: timeFilter.end } }, 'body.timeFilter.start: must be an ISO 8601'],
      ['start after end', { timeFilter: { start: timeFilter.end, end: timeFilter.start } }, 'body.timeFilter: start must be before end'],
      ['start equals end', { timeFilter: { start: timeFilter.end, end: timeFilter.end } }, 'body.timeFilter: start must be before end'],
      ['extra timeFilter field', { timeFilter: { ...timeFilter, zone: 'x' } }, 'body.timeFilter.zone: unknown field'],
      ['negative offset', { offset: -1 }, 'body.offset: must be >= 0'],
      ['fractional offset', { offset: 1.5 }, 'body.offset: must be integer'],
      ['offset beyond UInt32 (was a 500)', { offset: 2 ** 32 }, 'body.offset: must be <= 4294967295'],
      ['offset 1e308 (was a 500)', { offset: 1e308 }, 'body.offset: must be <= 4294967295'],
      ['limit 0', { limit: 0 }, 'body.limit: must be >= 1'],
      ['limit 1001', { limit: 1001 }, 'body.limit: must be <= 1000'],
      ['limit as string', { limit: '10' }, 'body.limit: must be integer'],
      ['timeZoneDifference too large', { timeZoneDifference: 1441 }, 'body.timeZoneDifference: must be <= 1440'],
      ['timeZoneDifference too small', { timeZoneDifference: -1441 }, 'body.timeZoneDifference: must be >= -1440'],
      ['unknown body field', { colour: 'red' }, 'body.colour: unknown field'],
      [
        'unknown operator deep in the filter',
        { filter: { left: { request_response_rmt: { latency: { between: 1 } } }, operator: 'and', right: 'all' } },
        'body.filter.left.request_response_rmt.latency.between: unknown operator',
      ],
      ['filter of a wrong type', { filter: 5 }, 'body.filter: must be "all", a leaf'],
      ['null filter (absent means "all"; null is not absent)', { filter: null }, 'body.filter: must be "all", a leaf'],
      ['filter as an array', { filter: [] }, 'body.filter: must be "all", a leaf'],
      ['unknown filter key', { filter: { request_response_rmt: { colour: { equals: 'red' } } } }, 'body.filter.request_response_rmt.colour: unknown key'],
    ];
    for (const [name, body, message] of cases) {
      it(name, async () => {
        const org = await newOrg();
        const r = await query(org, body);
        expect(r.status).to.equal(400);
        expect(r.body.data).to.equal(null);
        expect(r.body.error).to.be.a('string').and.satisfy((e: string) => e.startsWith(message), r.body.error);
      });
    }
    it('accepts timeZoneDifference at the bounds and the documented defaults', async () => {
      const org = await newOrg();
      for (const timeZoneDifference of [-1440, 0, 300, 1440]) {
        expect((await query(org, { timeZoneDifference, offset: 0, limit: 1000, filter: 'all' })).status).to.equal(200);
      }
    });
    it('needs an API key', async () => {
      const r = await api('POST', PATH, { body: { timeFilter } });
      expect(r.status).to.equal(401);
    });
  });
});
