// Tenant guard suite. Structurally: every table reference of every query shape we emit carries
// `organization_id = {org:String}`. At run time: two organisations with overlapping data (same request ids, same
// session ids), and no tree, however adversarial, returns or aggregates the other's rows.
import { expect } from 'chai';
import { scoreDistributionsSql } from '../../src/analytics/score-distributions.js';
import { sessionMetricsSql } from '../../src/analytics/session-metrics.js';
import type { Db } from '../../src/db/client.js';
import { parseFilter, parseTimeWindow, render, requestScan, selectFrom, sql, type CompiledQuery } from '../../src/query/index.js';
import { insertRequests, insertTags, requestRow, sessionRow } from '../analytics/fixtures.js';
import { api, harness, newOrg, type Org } from '../helpers/harness.js';
import { matchingIds, sorted } from './run.js';

const GUARDED = /FROM (request_response_rmt|session_tags|request_lookup)\b/g;
const GUARD = /^ FINAL PREWHERE \(?organization_id = \{org:String\}/;

/** Asserts that each table reference is immediately followed by the guard, and returns how many there are. */
function assertGuarded(q: CompiledQuery, org: string): number {
  const refs = [...q.sql.matchAll(GUARDED)];
  for (const m of refs) {
    const after = q.sql.slice(m.index! + m[0].length);
    expect(after, `unguarded ${m[0]} in ${q.sql}`).to.match(GUARD);
  }
  expect(q.params.org).to.equal(org);
  // Nothing else may name the organisation column in a way that could widen the guard.
  expect(q.sql).to.not.match(/organization_id\s*(!=|<>|IN|LIKE|OR)/i);
  return refs.length;
}

const window = parseTimeWindow({ start: '2025-07-01T00:00:00Z', end: '2025-07-02T00:00:00Z' }, 'timeFilter');
const everyShape = {
  // Request-level filter under a top-level OR with "all".
  request: { left: 'all', operator: 'or', right: { request_response_rmt: { latency: { gt: 1 } } } },
  // Session subquery with a nested tag subquery, inside an OR.
  session: {
    left: { request_response_rmt: { model: { equals: 'm' } } },
    operator: 'or',
    right: { sessions_request_response_rmt: { session_tag: { 'not-equals': 'x' }, session_total_cost: { gt: 1 } } },
  },
  // Two session leaves in one tree: two subqueries, each guarded.
  twoSessions: {
    left: { sessions_request_response_rmt: { session_total_requests: { gt: 1 } } },
    operator: 'and',
    right: { sessions_request_response_rmt: { session_tag: { equals: 'vip' } } },
  },
};

describe('tenant guard: every query shape', () => {
  const ORG = 'org-guard';
  for (const [name, tree] of Object.entries(everyShape)) {
    const filter = parseFilter(tree);
    it(`scan (${name}), with and without a window`, () => {
      for (const w of [undefined, window]) {
        const n = assertGuarded(render(requestScan({ columns: sql`request_id`, filter, window: w }), { organizationId: ORG }), ORG);
        expect(n).to.equal({ request: 1, session: 3, twoSessions: 4 }[name]);
      }
    });
    it(`score distributions (${name})`, () => {
      const q = scoreDistributionsSql({ organizationId: ORG, filter, window, offset: 0, limit: 10 });
      expect(assertGuarded(q, ORG)).to.be.greaterThan(0);
    });
    it(`session metrics (${name}), with nameContains`, () => {
      for (const nameContains of ['', 'chat']) {
        const q = sessionMetricsSql({ organizationId: ORG, filter, window, nameContains, useInterquartile: true });
        expect(assertGuarded(q, ORG)).to.be.greaterThan(0);
      }
    });
  }
  it('session tag read', () => {
    const q = render(selectFrom({ select: sql`tag`, table: 'session_tags', where: [sql`1`] }), { organizationId: ORG });
    expect(assertGuarded(q, ORG)).to.equal(1);
  });
  it('no organisation, no SQL', () => {
    expect(() => scoreDistributionsSql({ organizationId: '', filter: parseFilter('all'), window, offset: 0, limit: 1 })).to.throw(
      /without an organisation/,
    );
    expect(() => sessionMetricsSql({ organizationId: '', filter: parseFilter('all'), nameContains: '', useInterquartile: false })).to.throw(
      /without an organisation/,
    );
  });
});

describe('tenant isolation on the engine: overlapping organisations', function () {
  this.timeout(60_000);
  let db: Db;
  let a: Org;
  let b: Org;
  const at = Date.UTC(2025, 6, 1, 12);

  before(async () => {
    db = (await harness()).db;
    a = await newOrg('iso-a');
    b = await newOrg('iso-b');
    // The same ids in both organisations; B's session "shared" is much larger and tagged "b-only".
    await insertRequests(db, [
      requestRow(a.org, { request_id: 'same-1', at, model: 'm', scores: { q: 1 } }),
      sessionRow(a.org, 'shared', { request_id: 'same-2', at, cost_nano_usd: 1_000_000_000 }),
      requestRow(b.org, { request_id: 'same-1', at, model: 'm', scores: { q: 100, b_only: 1 } }),
      ...[2, 3, 4, 5, 6].map((i) => sessionRow(b.org, 'shared', { request_id: `same-${i}`, at, cost_nano_usd: 1_000_000_000 })),
    ]);
    await insertTags(db, [{ organization_id: b.org, session_id: 'shared', tag: 'b-only', version: 1, is_deleted: 0 }]);
  });

  const trees: Array<[string, unknown, string[]]> = [
    ['all', 'all', ['same-1', 'same-2']],
    ['top-level OR with all', { left: 'all', operator: 'or', right: { request_response_rmt: { model: { equals: 'm' } } } }, ['same-1', 'same-2']],
    ['organization_id equals the other', { request_response_rmt: { organization_id: { equals: '__B__' } } }, []],
    ['organization_id not-equals mine', { request_response_rmt: { organization_id: { 'not-equals': '__A__' } } }, []],
    ['organization_id like %', { request_response_rmt: { organization_id: { like: '%' } } }, ['same-1', 'same-2']],
    ['OR naming the other organisation', {
      left: { request_response_rmt: { organization_id: { equals: '__B__' } } },
      operator: 'or',
      right: { request_response_rmt: { request_id: { equals: 'same-3' } } },
    }, []],
    ['a tag that only the other organisation set', { sessions_request_response_rmt: { session_tag: { equals: 'b-only' } } }, []],
    ['session aggregates count only my requests', { sessions_request_response_rmt: { session_total_requests: { gt: 1 } } }, []],
    ['session cost counts only my requests', { sessions_request_response_rmt: { session_total_cost: { equals: 1 } } }, ['same-2']],
    ['request ids shared with the other organisation', { request_response_rmt: { request_id: { like: 'same-%' } } }, ['same-1', 'same-2']],
  ];
  for (const [name, tree, expected] of trees) {
    it(name, async () => {
      const t = JSON.parse(JSON.stringify(tree).replaceAll('__A__', a.org).replaceAll('__B__', b.org));
      // matchingIds also fails on any row whose organization_id is not the caller's.
      expect(sorted(await matchingIds(db, a.org, t))).to.deep.equal(expected);
    });
  }

  it('analytics endpoints see only the caller\'s rows', async () => {
    const timeFilter = { start: '2025-07-01T00:00:00Z', end: '2025-07-02T00:00:00Z' };
    const dist = await api('POST', '/v1/evals/score-distributions/query', { key: a.key, body: { timeFilter, filter: 'all' } });
    expect(dist.body.data).to.deep.equal([{ name: 'q', distribution: [{ value: 1, lower: 1, upper: 1 }] }]);
    const m = await api('POST', '/v1/session/metrics/query', { key: a.key, body: {} });
    expect(m.body.data.session_count).to.deep.equal([{ range_start: 1, range_end: 2, value: 1 }]);
    expect(m.body.data.average.session_cost).to.equal(1);
    const tag = await api('GET', '/v1/session/shared/tag', { key: a.key });
    expect(tag.body.data.tag).to.equal(null);
  });
});
