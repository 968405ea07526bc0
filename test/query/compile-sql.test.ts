// Expected SQL per operator: one table per key type, typed so that a missing operator fails to compile (STYLE 11).
// These pin the exact text and parameters; the engine tests prove the same SQL runs and selects the right rows.
import { expect } from 'chai';
import type { NumberOperator, StringOperator, TimestampOperator } from '../../schema/filter.js';
import { filterPredicate, parseFilter, render, requestScan, sql, parseTimeWindow } from '../../src/query/index.js';

const ORG = 'org-under-test';

function compile(filter: unknown): { sql: string; params: Record<string, unknown> } {
  const { sql: text, params } = render(filterPredicate(parseFilter(filter, 'filter')), { organizationId: ORG });
  return { sql: text, params: { ...params } };
}
const rr = (set: object) => ({ request_response_rmt: set });
const sess = (set: object) => ({ sessions_request_response_rmt: set });

type Expected = { sql: string; params: Record<string, unknown> };

describe('filter compiler: expected SQL per operator', () => {
  describe('string keys (provider -> provider)', () => {
    const table = {
      equals: { sql: 'provider = {p0:String}', params: { p0: 'OPENAI' } },
      'not-equals': { sql: 'provider != {p0:String}', params: { p0: 'OPENAI' } },
      like: { sql: 'provider LIKE {p0:String}', params: { p0: 'OPENAI' } },
      ilike: { sql: 'provider ILIKE {p0:String}', params: { p0: 'OPENAI' } },
      contains: { sql: 'provider ILIKE {p0:String}', params: { p0: '%OPENAI%' } },
      'not-contains': { sql: 'provider NOT ILIKE {p0:String}', params: { p0: '%OPENAI%' } },
    } satisfies Record<StringOperator, Expected>;
    for (const [op, expected] of Object.entries(table)) {
      it(op, () => expect(compile(rr({ provider: { [op]: 'OPENAI' } }))).to.deep.equal(expected));
    }

    it('contains / not-contains escape %, _ and \\ (they match literally)', () => {
      expect(compile(rr({ provider: { contains: '50%_off\\now' } })).params.p0).to.equal('%50\\%\\_off\\\\now%');
      expect(compile(rr({ provider: { 'not-contains': '%' } })).params.p0).to.equal('%\\%%');
    });

    it('like / ilike pass the caller pattern unchanged', () => {
      expect(compile(rr({ provider: { like: 'OPEN%_' } })).params.p0).to.equal('OPEN%_');
    });

    it('user_id reads request_user_id', () => {
      expect(compile(rr({ user_id: { equals: 'u' } })).sql).to.equal('request_user_id = {p0:String}');
    });
  });

  describe('string keys over several values (assets -> asset_ids, scores_column -> score names)', () => {
    const table = {
      equals: { sql: 'arrayExists(x -> x = {p0:String}, asset_ids)', params: { p0: 'a1' } },
      'not-equals': { sql: 'NOT (arrayExists(x -> x = {p0:String}, asset_ids))', params: { p0: 'a1' } },
      like: { sql: 'arrayExists(x -> x LIKE {p0:String}, asset_ids)', params: { p0: 'a1' } },
      ilike: { sql: 'arrayExists(x -> x ILIKE {p0:String}, asset_ids)', params: { p0: 'a1' } },
      contains: { sql: 'arrayExists(x -> x ILIKE {p0:String}, asset_ids)', params: { p0: '%a1%' } },
      'not-contains': { sql: 'NOT (arrayExists(x -> x ILIKE {p0:String}, asset_ids))', params: { p0: '%a1%' } },
    } satisfies Record<StringOperator, Expected>;
    for (const [op, expected] of Object.entries(table)) {
      it(`assets ${op}`, () => expect(compile(rr({ assets: { [op]: 'a1' } }))).to.deep.equal(expected));
    }
    it('scores_column tests score names', () => {
      expect(compile(rr({ scores_column: { equals: 'accuracy' } })).sql).to.equal(
        'arrayExists(x -> x = {p0:String}, mapKeys(scores))',
      );
    });
  });

  describe('number keys over integer columns (latency -> delay_ms)', () => {
    const integer = {
      equals: { sql: 'delay_ms = {p0:Int64}', params: { p0: '250' } },
      'not-equals': { sql: 'delay_ms != {p0:Int64}', params: { p0: '250' } },
      gte: { sql: 'delay_ms >= {p0:Int64}', params: { p0: '250' } },
      lte: { sql: 'delay_ms <= {p0:Int64}', params: { p0: '250' } },
      lt: { sql: 'delay_ms < {p0:Int64}', params: { p0: '250' } },
      gt: { sql: 'delay_ms > {p0:Int64}', params: { p0: '250' } },
    } satisfies Record<NumberOperator, Expected>;
    for (const [op, expected] of Object.entries(integer)) {
      it(`${op} 250`, () => expect(compile(rr({ latency: { [op]: 250 } }))).to.deep.equal(expected));
    }

    // A fractional threshold against whole milliseconds: exact, never rounded the wrong way.
    const fractional = {
      equals: { sql: 'false', params: {} },
      'not-equals': { sql: 'true', params: {} },
      gte: { sql: 'delay_ms > {p0:Int64}', params: { p0: '-3' } },
      lte: { sql: 'delay_ms <= {p0:Int64}', params: { p0: '-3' } },
      lt: { sql: 'delay_ms <= {p0:Int64}', params: { p0: '-3' } },
      gt: { sql: 'delay_ms > {p0:Int64}', params: { p0: '-3' } },
    } satisfies Record<NumberOperator, Expected>;
    for (const [op, expected] of Object.entries(fractional)) {
      it(`${op} -2.5`, () => expect(compile(rr({ latency: { [op]: -2.5 } }))).to.deep.equal(expected));
    }

    const beyondInt64 = {
      equals: 'false',
      'not-equals': 'true',
      gte: 'false',
      lte: 'true',
      lt: 'true',
      gt: 'false',
    } satisfies Record<NumberOperator, string>;
    for (const [op, expected] of Object.entries(beyondInt64)) {
      it(`${op} 1e300 folds to ${expected} (no Int64 overflow)`, () => {
        expect(compile(rr({ latency: { [op]: 1e300 } })).sql).to.equal(expected);
        const below = compile(rr({ latency: { [op]: -1e300 } })).sql;
        expect(below).to.equal({ equals: 'false', 'not-equals': 'true', gte: 'true', lte: 'false', lt: 'false', gt: 'true' }[op]);
      });
    }

    it('status reads response_status, tokens read their columns', () => {
      expect(compile(rr({ status: { equals: 200 } })).sql).to.equal('response_status = {p0:Int64}');
      expect(compile(rr({ time_to_first_token: { lt: 9 } })).sql).to.equal('time_to_first_token < {p0:Int64}');
      expect(compile(rr({ prompt_cache_read_tokens: { gt: 0 } })).sql).to.equal('prompt_cache_read_tokens > {p0:Int64}');
    });
  });

  describe('cost: USD against integer nano-USD', () => {
    it('converts the decimal the client wrote, exactly', () => {
      expect(compile(rr({ cost: { gte: 0.1 } }))).to.deep.equal({ sql: 'cost_nano_usd >= {p0:Int64}', params: { p0: '100000000' } });
      expect(compile(rr({ cost: { equals: 0.000000003 } })).params.p0).to.equal('3');
      expect(compile(rr({ cost: { lt: 1234.5678 } })).params.p0).to.equal('1234567800000');
    });
    it('below a nano-dollar: equality is impossible, ranges stay exact', () => {
      expect(compile(rr({ cost: { equals: 1e-10 } })).sql).to.equal('false');
      expect(compile(rr({ cost: { gt: 1e-10 } }))).to.deep.equal({ sql: 'cost_nano_usd > {p0:Int64}', params: { p0: '0' } });
      expect(compile(rr({ cost: { gte: -1.0000000001 } }))).to.deep.equal({
        sql: 'cost_nano_usd > {p0:Int64}',
        params: { p0: '-1000000001' },
      });
    });
    it('amounts beyond Int64 nano-USD fold instead of overflowing', () => {
      expect(compile(rr({ cost: { gt: 9.3e9 } })).sql).to.equal('false');
      expect(compile(rr({ cost: { lte: 9.3e9 } })).sql).to.equal('true');
      expect(compile(rr({ cost: { lt: 9.2e9 } })).params.p0).to.equal('9200000000000000000');
    });
  });

  describe('timestamp keys', () => {
    const table = {
      equals: { sql: "request_created_at = {p0:DateTime64(3, 'UTC')}", params: { p0: '2025-05-01 10:00:00.123' } },
      gte: { sql: "request_created_at >= {p0:DateTime64(3, 'UTC')}", params: { p0: '2025-05-01 10:00:00.123' } },
      lte: { sql: "request_created_at <= {p0:DateTime64(3, 'UTC')}", params: { p0: '2025-05-01 10:00:00.123' } },
      lt: { sql: "request_created_at < {p0:DateTime64(3, 'UTC')}", params: { p0: '2025-05-01 10:00:00.123' } },
      gt: { sql: "request_created_at > {p0:DateTime64(3, 'UTC')}", params: { p0: '2025-05-01 10:00:00.123' } },
    } satisfies Record<TimestampOperator, Expected>;
    for (const [op, expected] of Object.entries(table)) {
      it(`${op} (zone +02:00 converted to UTC)`, () =>
        expect(compile(rr({ request_created_at: { [op]: '2025-05-01T12:00:00.123+02:00' } }))).to.deep.equal(expected));
    }
    it('sub-millisecond instants compare exactly against millisecond storage', () => {
      expect(compile(rr({ response_created_at: { gte: '2025-05-01T00:00:00.1234Z' } }))).to.deep.equal({
        sql: "response_created_at > {p0:DateTime64(3, 'UTC')}",
        params: { p0: '2025-05-01 00:00:00.123' },
      });
      expect(compile(rr({ response_created_at: { equals: '2025-05-01T00:00:00.123400Z' } })).sql).to.equal('false');
      expect(compile(rr({ response_created_at: { equals: '2025-05-01T00:00:00.123000Z' } })).sql).to.equal(
        "response_created_at = {p0:DateTime64(3, 'UTC')}",
      );
    });
  });

  describe('boolean and contains-only keys', () => {
    it('boolean columns', () => {
      expect(compile(rr({ threat: { equals: true } }))).to.deep.equal({ sql: 'threat = {p0:Bool}', params: { p0: true } });
      expect(compile(rr({ cached: { equals: false } })).sql).to.equal('cached = {p0:Bool}');
      expect(compile(rr({ is_passthrough_billing: { equals: true } })).sql).to.equal('is_passthrough_billing = {p0:Bool}');
    });
    it('core-score-feedback reads the nullable feedback_rating: no feedback is neither true nor false', () => {
      expect(compile(rr({ 'core-score-feedback': { equals: false } }))).to.deep.equal({
        sql: '(feedback_rating IS NOT NULL AND feedback_rating = {p0:Bool})',
        params: { p0: false },
      });
    });
    it('request_body / response_body: contains only', () => {
      expect(compile(rr({ response_body: { contains: 'refund' } }))).to.deep.equal({
        sql: 'response_body ILIKE {p0:String}',
        params: { p0: '%refund%' },
      });
    });
  });

  describe('free-form keys', () => {
    const property = {
      equals: '(mapContains(properties, {p0:String}) AND properties[{p0:String}] = {p1:String})',
      'not-equals': 'NOT ((mapContains(properties, {p0:String}) AND properties[{p0:String}] = {p1:String}))',
      like: '(mapContains(properties, {p0:String}) AND properties[{p0:String}] LIKE {p1:String})',
      ilike: '(mapContains(properties, {p0:String}) AND properties[{p0:String}] ILIKE {p1:String})',
      contains: '(mapContains(properties, {p0:String}) AND properties[{p0:String}] ILIKE {p1:String})',
      'not-contains': 'NOT ((mapContains(properties, {p0:String}) AND properties[{p0:String}] ILIKE {p1:String}))',
    } satisfies Record<StringOperator, string>;
    for (const [op, expected] of Object.entries(property)) {
      it(`properties.NAME ${op}`, () => {
        const c = compile(rr({ properties: { 'Core-Env': { [op]: 'prod' } } }));
        expect(c.sql).to.equal(expected);
        expect(c.params.p0).to.equal('Core-Env');
      });
    }

    it('search_properties.NAME: some property whose key contains NAME has a matching value', () => {
      expect(compile(rr({ search_properties: { env: { equals: 'prod' } } }))).to.deep.equal({
        sql:
          'arrayExists((k, v) -> positionCaseInsensitiveUTF8(k, {p0:String}) > 0 AND v = {p1:String}, mapKeys(properties), mapValues(properties))',
        params: { p0: 'env', p1: 'prod' },
      });
      expect(compile(rr({ search_properties: { '': { 'not-contains': 'x' } } })).sql).to.match(/^NOT \(arrayExists\(/);
    });

    const score = {
      equals: '(mapContains(scores, {p0:String}) AND scores[{p0:String}] = {p1:Float64})',
      'not-equals': 'NOT ((mapContains(scores, {p0:String}) AND scores[{p0:String}] = {p1:Float64}))',
      gte: '(mapContains(scores, {p0:String}) AND scores[{p0:String}] >= {p1:Float64})',
      lte: '(mapContains(scores, {p0:String}) AND scores[{p0:String}] <= {p1:Float64})',
      lt: '(mapContains(scores, {p0:String}) AND scores[{p0:String}] < {p1:Float64})',
      gt: '(mapContains(scores, {p0:String}) AND scores[{p0:String}] > {p1:Float64})',
    } satisfies Record<NumberOperator, string>;
    for (const [op, expected] of Object.entries(score)) {
      it(`scores.NAME ${op}`, () => {
        expect(compile(rr({ scores: { accuracy: { [op]: 0.75 } } }))).to.deep.equal({
          sql: expected,
          params: { p0: 'accuracy', p1: 0.75 },
        });
      });
    }
  });

  describe('session keys: aggregates per Core-Session-Id', () => {
    const having = (filter: object) => {
      const c = compile(sess(filter));
      const m = /^session_id IN \(SELECT session_id FROM request_response_rmt FINAL PREWHERE organization_id = \{org:String\} WHERE session_id != '' GROUP BY session_id HAVING (.*)\)$/.exec(c.sql);
      expect(m, c.sql).to.not.equal(null);
      return { having: m![1], params: c.params };
    };
    const aggregates = {
      session_session_id: ['equals', 's1', 'session_id = {p0:String}'],
      session_session_name: ['contains', 'chat', 'countIf(session_name ILIKE {p0:String}) > 0'],
      session_total_cost: ['gt', 1.5, 'sum(toInt128(cost_nano_usd)) > {p0:Int128}'],
      session_total_tokens: ['gte', 10, 'sum(toInt128(total_tokens)) >= {p0:Int128}'],
      session_prompt_tokens: ['lt', 10, 'sum(toInt128(prompt_tokens)) < {p0:Int128}'],
      session_completion_tokens: ['lte', 10, 'sum(toInt128(completion_tokens)) <= {p0:Int128}'],
      session_total_requests: ['equals', 3, 'count() = {p0:Int64}'],
      session_created_at: ['gte', '2025-01-01T00:00:00Z', "min(request_created_at) >= {p0:DateTime64(3, 'UTC')}"],
      session_latest_request_created_at: ['lt', '2025-01-01T00:00:00Z', "max(request_created_at) < {p0:DateTime64(3, 'UTC')}"],
      session_tag: [
        'equals',
        'vip',
        'session_id IN (SELECT session_id FROM session_tags FINAL PREWHERE organization_id = {org:String} WHERE tag = {p0:String})',
      ],
    } as const;
    for (const [key, [op, value, expected]] of Object.entries(aggregates)) {
      it(`${key} ${op}`, () => expect(having({ [key]: { [op]: value } }).having).to.equal(expected));
    }
    it('session_tag not-equals: untagged sessions match too', () => {
      expect(having({ session_tag: { 'not-equals': 'vip' } }).having).to.equal(
        'NOT (session_id IN (SELECT session_id FROM session_tags FINAL PREWHERE organization_id = {org:String} WHERE tag = {p0:String}))',
      );
    });
    it('session_total_cost in USD, exact', () => {
      expect(having({ session_total_cost: { gt: 1.5 } }).params.p0).to.equal('1500000000');
    });
  });

  describe('composition', () => {
    it('several keys and operators in one leaf are all ANDed, none dropped', () => {
      const c = compile(rr({ latency: { gte: 10, lt: 20 }, provider: { equals: 'A' }, properties: { a: { equals: '1' }, b: { like: '2%' } } }));
      expect(c.sql).to.equal(
        '(delay_ms >= {p0:Int64} AND delay_ms < {p1:Int64} AND provider = {p2:String} AND ' +
          '(mapContains(properties, {p3:String}) AND properties[{p3:String}] = {p4:String}) AND ' +
          '(mapContains(properties, {p5:String}) AND properties[{p5:String}] LIKE {p6:String}))',
      );
      expect(c.params).to.deep.equal({ p0: '10', p1: '20', p2: 'A', p3: 'a', p4: '1', p5: 'b', p6: '2%' });
    });

    it('branches nest with parentheses; "all" folds away', () => {
      const c = compile({
        left: { left: rr({ latency: { gt: 1 } }), operator: 'or', right: rr({ status: { equals: 500 } }) },
        operator: 'and',
        right: 'all',
      });
      expect(c.sql).to.equal('(delay_ms > {p0:Int64} OR response_status = {p1:Int64})');
      expect(compile({ left: 'all', operator: 'or', right: rr({ latency: { gt: 1 } }) }).sql).to.equal('true');
      expect(compile('all').sql).to.equal('true');
    });

    it('a leaf holding both tables ANDs its request conditions with one per-session subquery', () => {
      const c = compile({ ...rr({ model: { equals: 'm' } }), ...sess({ session_total_requests: { gt: 1 }, session_tag: { equals: 't' } }) });
      expect(c.sql).to.equal(
        "(model = {p0:String} AND session_id IN (SELECT session_id FROM request_response_rmt FINAL PREWHERE organization_id = {org:String} WHERE session_id != '' GROUP BY session_id HAVING (count() > {p1:Int64} AND session_id IN (SELECT session_id FROM session_tags FINAL PREWHERE organization_id = {org:String} WHERE tag = {p2:String}))))",
      );
    });

    it('empty leaves and empty table sets are "no condition"', () => {
      expect(compile({}).sql).to.equal('true');
      expect(compile(rr({})).sql).to.equal('true');
    });

    it('a scan puts organisation and window in PREWHERE (sort-key pruning) and the tree in WHERE', () => {
      const window = parseTimeWindow({ start: '2025-01-01T00:00:00Z', end: '2025-02-01T00:00:00Z' }, 'timeFilter');
      const q = render(requestScan({ columns: sql`request_id`, filter: parseFilter(rr({ latency: { gt: 5 } })), window }), {
        organizationId: ORG,
      });
      expect(q.sql).to.equal(
        "SELECT request_id FROM request_response_rmt FINAL PREWHERE (organization_id = {org:String} AND request_created_at >= {p0:DateTime64(3, 'UTC')} AND request_created_at < {p1:DateTime64(3, 'UTC')}) WHERE delay_ms > {p2:Int64}",
      );
      expect(q.params).to.deep.equal({ org: ORG, p0: '2025-01-01 00:00:00.000', p1: '2025-02-01 00:00:00.000', p2: '5' });
      expect(Object.isFrozen(q)).to.equal(true);
      expect(Object.isFrozen(q.params)).to.equal(true);
    });

    it('session subqueries are bounded by the query window too', () => {
      const window = parseTimeWindow({ start: '2025-01-01T00:00:00Z', end: '2025-02-01T00:00:00Z' }, 'timeFilter');
      const q = render(requestScan({ columns: sql`request_id`, filter: parseFilter(sess({ session_total_requests: { gt: 1 } })), window }), {
        organizationId: ORG,
      });
      expect(q.sql.match(/request_created_at >= \{p\d+:DateTime64\(3, 'UTC'\)\}/g)).to.have.length(2);
    });
  });
});
