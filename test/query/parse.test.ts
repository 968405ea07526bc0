// Every disallowed combination is a FilterError (HTTP 400) naming the exact path; nothing is silently dropped.
import { expect } from 'chai';
import {
  filterLimits,
  filterOperators,
  freeFormKeyTypes,
  requestKeyTypes,
  sessionKeyTypes,
  type KeyType,
} from '../../schema/filter.js';
import { FilterError, QueryCompileError, parseFilter, parseTimeWindow, render, sql } from '../../src/query/index.js';

function errorOf(fn: () => unknown): FilterError {
  try {
    fn();
  } catch (e) {
    expect(e).to.be.instanceOf(FilterError);
    expect((e as FilterError).status).to.equal(400);
    return e as FilterError;
  }
  throw new Error('expected a FilterError');
}
const parseErr = (filter: unknown) => errorOf(() => parseFilter(filter, 'body.filter'));

const allOperators = [...new Set(Object.values(filterOperators).flat()), 'between', 'in', 'is-null', '', '__proto__'];
const goodValue: Record<KeyType, unknown> = {
  string: 'x',
  'contains-only': 'x',
  number: 1,
  timestamp: '2025-01-01T00:00:00Z',
  boolean: true,
};
const wrongValues: Record<KeyType, unknown[]> = {
  string: [1, true, null, ['x'], { a: 1 }],
  'contains-only': [1, false, null],
  number: ['1', true, null, [1], {}],
  timestamp: [1735689600000, '2025-01-01', '2025-01-01T00:00:00', 'yesterday', '2025-02-30T00:00:00Z', '1899-12-31T23:59:59Z', null],
  boolean: ['true', 1, null],
};

const tables = [
  ['request_response_rmt', requestKeyTypes],
  ['sessions_request_response_rmt', sessionKeyTypes],
] as const;

describe('filter parser: errors name the path', () => {
  for (const [table, keys] of tables) {
    for (const [key, type] of Object.entries(keys) as Array<[string, KeyType]>) {
      it(`${table}.${key} (${type}): every operator outside its list, and every wrong value type`, () => {
        const allowed = filterOperators[type] as readonly string[];
        for (const op of allOperators.filter((o) => !allowed.includes(o))) {
          const e = parseErr({ [table]: { [key]: { [op]: goodValue[type] } } });
          expect(e.message).to.contain('unknown operator').and.contain(`allowed: ${allowed.join(', ')}`);
          expect(e.field).to.match(new RegExp(`^body\\.filter\\.${table}\\.${key.replace(/-/g, '\\-')}`));
        }
        for (const op of allowed) {
          expect(() => parseFilter({ [table]: { [key]: { [op]: goodValue[type] } } })).to.not.throw();
          for (const bad of wrongValues[type]) {
            const e = parseErr({ [table]: { [key]: { [op]: bad } } });
            expect(e.field).to.equal(`body.filter.${table}.${key}.${op}`);
            expect(e.message.startsWith(`body.filter.${table}.${key}.${op}: must be`)).to.equal(true, e.message);
          }
        }
      });
    }
  }

  it('free-form keys take their type from the key: properties/search_properties string, scores number', () => {
    for (const [key, type] of Object.entries(freeFormKeyTypes)) {
      const allowed = filterOperators[type] as readonly string[];
      for (const op of allOperators.filter((o) => !allowed.includes(o))) {
        parseErr({ request_response_rmt: { [key]: { name: { [op]: goodValue[type] } } } });
      }
      for (const op of allowed) {
        expect(() => parseFilter({ request_response_rmt: { [key]: { name: { [op]: goodValue[type] } } } })).to.not.throw();
      }
    }
    expect(parseErr({ request_response_rmt: { scores: { accuracy: { gt: '0.5' } } } }).message).to.equal(
      'body.filter.request_response_rmt.scores.accuracy.gt: must be a finite number',
    );
    expect(parseErr({ request_response_rmt: { properties: { 'my key.x': { equals: 1 } } } }).field).to.equal(
      'body.filter.request_response_rmt.properties["my key.x"].equals',
    );
  });

  it('the issue example: an unknown operator deep in a branch', () => {
    const e = parseErr({ left: { request_response_rmt: { latency: { between: [1, 2] } } }, operator: 'and', right: 'all' });
    expect(e.message).to.equal(
      'body.filter.left.request_response_rmt.latency.between: unknown operator for a number key (allowed: not-equals, equals, gte, lte, lt, gt)',
    );
  });

  it('unknown tables and keys, including keys of the other table and prototype names', () => {
    expect(parseErr({ requests: {} }).message).to.equal(
      'body.filter.requests: unknown table (allowed: request_response_rmt, sessions_request_response_rmt)',
    );
    expect(parseErr({ request_response_rmt: { session_tag: { equals: 'x' } } }).field).to.equal('body.filter.request_response_rmt.session_tag');
    expect(parseErr({ sessions_request_response_rmt: { latency: { gt: 1 } } }).field).to.equal(
      'body.filter.sessions_request_response_rmt.latency',
    );
    for (const k of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'delay_ms']) {
      expect(parseErr(JSON.parse(`{"request_response_rmt": {"${k}": {"equals": "x"}}}`)).message).to.contain('unknown key');
    }
  });

  it('malformed nodes and branches', () => {
    expect(parseErr(null).field).to.equal('body.filter');
    expect(parseErr('everything').field).to.equal('body.filter');
    expect(parseErr([]).field).to.equal('body.filter');
    expect(parseErr({ left: 'all', operator: 'xor', right: 'all' }).field).to.equal('body.filter.operator');
    expect(parseErr({ left: 'all', operator: 'and' }).field).to.equal('body.filter.right');
    expect(parseErr({ left: 'all', operator: 'and', right: 'all', request_response_rmt: {} }).field).to.equal(
      'body.filter.request_response_rmt',
    );
    expect(parseErr({ left: 'all', operator: 'or', right: { request_response_rmt: 5 } }).field).to.equal(
      'body.filter.right.request_response_rmt',
    );
    expect(parseErr({ request_response_rmt: { latency: {} } }).field).to.equal('body.filter.request_response_rmt.latency');
    expect(parseErr({ request_response_rmt: { latency: 5 } }).field).to.equal('body.filter.request_response_rmt.latency');
    expect(parseErr({ request_response_rmt: { properties: {} } }).field).to.equal('body.filter.request_response_rmt.properties');
  });

  it(`limits: deeper than ${filterLimits.maxDepth} levels, larger than ${filterLimits.maxNodes} nodes`, () => {
    const chain = (depth: number): unknown => (depth === 1 ? 'all' : { left: chain(depth - 1), operator: 'and', right: 'all' });
    expect(() => parseFilter(chain(filterLimits.maxDepth))).to.not.throw();
    const deep = parseErr(chain(filterLimits.maxDepth + 1));
    expect(deep.message).to.contain(`deeper than ${filterLimits.maxDepth}`);
    expect(deep.field).to.match(/^body\.filter(\.left){32}$/);
    // Very deep input fails at the limit, not with a stack overflow.
    expect(parseErr(chain(5000)).message).to.contain('deeper than');

    const wide = (leaves: number): unknown => {
      let node: unknown = { request_response_rmt: { latency: { gt: 0 } } };
      for (let i = 1; i < leaves; i++) node = { left: node, operator: 'or', right: { request_response_rmt: { latency: { gt: i } } } };
      return node;
    };
    // Too deep as a chain; a balanced tree shows the size limit on its own.
    const balanced = (n: number): unknown =>
      n === 1 ? { request_response_rmt: { latency: { gt: 0 } } } : { left: balanced(Math.floor(n / 2)), operator: 'or', right: balanced(n - Math.floor(n / 2)) };
    expect(() => parseFilter(balanced(100))).to.not.throw(); // 100 leaves + 100 operators + 99 branches = 299
    expect(parseErr(balanced(200)).message).to.contain(`larger than ${filterLimits.maxNodes} nodes`);
    expect(parseErr(wide(40)).message).to.contain('deeper than');
    const manyOps: Record<string, unknown> = {};
    for (let i = 0; i < filterLimits.maxNodes; i++) manyOps[`p${i}`] = { equals: 'x' };
    expect(parseErr({ request_response_rmt: { properties: manyOps } }).message).to.contain('larger than');
  });

  it(`strings: at most ${filterLimits.maxStringLength} characters each, ${filterLimits.maxTotalStringLength} in total`, () => {
    const long = 'x'.repeat(filterLimits.maxStringLength);
    expect(() => parseFilter({ request_response_rmt: { response_body: { contains: long } } })).to.not.throw();
    expect(parseErr({ request_response_rmt: { response_body: { contains: `${long}x` } } }).message).to.equal(
      `body.filter.request_response_rmt.response_body.contains: longer than ${filterLimits.maxStringLength} characters`,
    );
    expect(parseErr({ request_response_rmt: { properties: { [`${long}x`]: { equals: 'v' } } } }).message).to.contain('longer than');
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++) many[`k${i}`] = { equals: long };
    expect(parseErr({ request_response_rmt: { properties: many } }).message).to.contain('in total');
  });

  it('LIKE patterns ending in an unescaped backslash (the engine would refuse them)', () => {
    for (const pattern of ['a\\', '\\', 'a\\\\\\']) {
      expect(parseErr({ request_response_rmt: { provider: { like: pattern } } }).message).to.contain('unescaped backslash');
      expect(parseErr({ request_response_rmt: { properties: { p: { ilike: pattern } } } }).message).to.contain('unescaped backslash');
    }
    for (const pattern of ['a\\\\', '\\%', 'a\\b']) {
      expect(() => parseFilter({ request_response_rmt: { provider: { like: pattern } } })).to.not.throw();
    }
    // contains escapes the value itself, so a trailing backslash is fine there.
    expect(() => parseFilter({ request_response_rmt: { provider: { contains: 'a\\' } } })).to.not.throw();
  });

  it('time windows: ISO 8601 with zone, start before end', () => {
    expect(parseTimeWindow({ start: '2025-01-01T00:00:00Z', end: '2025-01-01T00:00:00.001Z' }, 'body.timeFilter').end.ms).to.equal(
      Date.UTC(2025, 0, 1, 0, 0, 0, 1),
    );
    expect(errorOf(() => parseTimeWindow({ start: '2025-01-02T00:00:00Z', end: '2025-01-01T00:00:00Z' }, 'body.timeFilter')).message).to.equal(
      'body.timeFilter: start must be before end',
    );
    expect(errorOf(() => parseTimeWindow({ start: '2025-01-01T00:00:00+01:00', end: '2024-12-31T23:00:00Z' }, 'body.timeFilter')).field).to.equal(
      'body.timeFilter',
    );
    expect(errorOf(() => parseTimeWindow({ start: 'soon', end: '2025-01-01T00:00:00Z' }, 'body.timeFilter')).field).to.equal(
      'body.timeFilter.start',
    );
    expect(errorOf(() => parseTimeWindow({ start: '2025-01-01T00:00:00Z', end: 17 }, 'body.timeFilter')).field).to.equal(
      'body.timeFilter.end',
    );
  });
});

describe('filter compiler: internal errors are not the caller\'s', () => {
  it('refuses to render without an organisation (a 500, not a 400)', () => {
    for (const organizationId of ['', undefined, null]) {
      expect(() => render(sql`SELECT 1`, { organizationId: organizationId as unknown as string })).to.throw(QueryCompileError);
    }
  });
  it('refuses a tenant table named in raw SQL text', () => {
    expect(() => render(sql`SELECT * FROM request_response_rmt`, { organizationId: 'o' })).to.throw(QueryCompileError, /selectFrom/);
    expect(() => render(sql`SELECT * FROM session_tags`, { organizationId: 'o' })).to.throw(QueryCompileError);
    expect(() => render(sql`SELECT * FROM request_lookup`, { organizationId: 'o' })).to.throw(QueryCompileError);
  });
});
