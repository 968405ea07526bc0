// Property-based: random trees (request and session leaves, free-form keys, AND/OR up to depth 5) with random
// windows, over one dataset inserted once. The compiled SQL on the real engine must return exactly the request set
// the TypeScript reference evaluator computes, and never a row of the other organisation.
// FILTER_PROPERTY_RUNS overrides the number of cases; FILTER_PROPERTY_SEED replays a failure.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { filterOperators, requestKeyTypes, sessionKeyTypes, type KeyType } from '../../schema/filter.js';
import type { Db } from '../../src/db/client.js';
import { insertRequests, insertTags } from '../analytics/fixtures.js';
import { harness } from '../helpers/harness.js';
import { SPAN, buildDataset, pools, sampleValues } from './dataset.js';
import { expectedIds, type ReferenceData } from './reference-evaluator.js';
import { matchingIds, sorted, type WindowInput } from './run.js';

const orgA = `prop-a-${randomBytes(4).toString('hex')}`;
const orgB = `prop-b-${randomBytes(4).toString('hex')}`;
const RUNS = Number(process.env.FILTER_PROPERTY_RUNS ?? 500);
const samples = sampleValues(orgA, orgB);

const UNESCAPED_TRAILING_BACKSLASH = /(^|[^\\])(\\\\)*\\$/;
const text = fc
  .oneof(
    fc.constantFrom(...pools.strings, ...pools.providers, ...pools.models, ...pools.sessions, ...pools.tags, ...pools.sessionNames),
    fc.string({ maxLength: 4, unit: fc.constantFrom('a', 'A', 'l', 'p', 'h', '%', '_', '\\', 'é', 'É', "'", 's', '1', 'c') }),
  )
  .filter((s) => !UNESCAPED_TRAILING_BACKSLASH.test(s));

function isoOf(ms: number, offsetMinutes: number, subMs: string): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  if (offsetMinutes === 0) return `${local}${subMs}Z`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${subMs}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
const instantMs = fc.oneof(
  // On the data's coarse grid (exact hits) or anywhere around it.
  fc.tuple(fc.integer({ min: -1, max: 11 }), fc.integer({ min: 0, max: 4 }), fc.constantFrom(0, 123)).map(
    ([d, h, ms]) => SPAN.start + d * 86_400_000 + h * 3_600_000 + ms,
  ),
  fc.integer({ min: SPAN.start - 86_400_000, max: SPAN.end + 86_400_000 }),
);
const timestamp = fc
  .tuple(instantMs, fc.constantFrom(0, 0, 60, -330, 120), fc.constantFrom('', '', '', '4', '000999'))
  .map(([ms, off, sub]) => isoOf(ms, off, sub));

const numberFor = (key: string) =>
  fc.oneof(
    fc.constantFrom(...((samples[key] ?? [0]) as number[])),
    fc.integer({ min: -5, max: 2100 }),
    fc.double({ min: -5, max: 2100, noNaN: true, noDefaultInfinity: true }),
  );
const costValue = fc.oneof(
  fc.constantFrom(...pools.costsNano.map((n) => n / 1e9), 0.1, 1.5, 3.0000000005),
  fc.double({ min: 0, max: 4, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: 2_000_000_000 }).map((n) => n / 1e9),
);

function valueFor(key: string, type: KeyType): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
    case 'contains-only':
      return fc.oneof(fc.constantFrom(...((samples[key] ?? ['']) as string[])), text);
    case 'number':
      return key === 'cost' || key === 'session_total_cost' ? costValue : numberFor(key);
    case 'timestamp':
      return timestamp;
    case 'boolean':
      return fc.boolean();
  }
}

/** `[key, { op: value }]` for the keys of one table. */
function conditionOf(keys: Record<string, KeyType>): fc.Arbitrary<[string, Record<string, unknown>]> {
  return fc.constantFrom(...Object.keys(keys)).chain((key) => {
    const type = keys[key]!;
    return fc
      .tuple(fc.constantFrom(...filterOperators[type]), valueFor(key, type))
      .map(([op, v]) => [key, { [op]: v }] as [string, Record<string, unknown>]);
  });
}
const freeForm: fc.Arbitrary<[string, Record<string, unknown>]> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...pools.propertyKeys, 'Core-Session-Id', 'missing'), fc.constantFrom(...filterOperators.string), text)
    .map(([name, op, v]): [string, Record<string, unknown>] => ['properties', { [name]: { [op]: v } }]),
  fc
    .tuple(fc.constantFrom('', 'env', 'E', 'tier', 'core-session'), fc.constantFrom(...filterOperators.string), text)
    .map(([name, op, v]): [string, Record<string, unknown>] => ['search_properties', { [name]: { [op]: v } }]),
  fc
    .tuple(
      fc.constantFrom(...pools.scoreNames, 'missing'),
      fc.constantFrom(...filterOperators.number),
      fc.oneof(fc.constantFrom(...pools.scoreValues), fc.double({ min: -3, max: 8, noNaN: true, noDefaultInfinity: true })),
    )
    .map(([name, op, v]): [string, Record<string, unknown>] => ['scores', { [name]: { [op]: v } }]),
);

const leaf = fc
  .tuple(
    fc.array(fc.oneof({ weight: 3, arbitrary: conditionOf(requestKeyTypes) }, { weight: 2, arbitrary: freeForm }), { maxLength: 3 }),
    fc.array(conditionOf(sessionKeyTypes), { maxLength: 2 }),
  )
  .map(([req, sess]) => {
    const node: Record<string, Record<string, unknown>> = {};
    if (req.length || sess.length === 0) node.request_response_rmt = Object.fromEntries(req);
    if (sess.length) node.sessions_request_response_rmt = Object.fromEntries(sess);
    return node;
  });

const tree = fc.letrec<{ node: unknown; branch: unknown }>((tie) => ({
  node: fc.oneof({ maxDepth: 5, depthSize: 'small' }, leaf, tie('branch'), fc.constant('all')),
  branch: fc.record({ left: tie('node'), operator: fc.constantFrom('and', 'or'), right: tie('node') }),
})).node;

const window: fc.Arbitrary<WindowInput | undefined> = fc.option(
  fc
    .tuple(instantMs, instantMs, fc.constantFrom('', '4'))
    .filter(([a, b]) => a !== b)
    .map(([a, b, sub]) => ({ start: isoOf(Math.min(a, b), 0, sub), end: isoOf(Math.max(a, b), 60, '') })),
  { nil: undefined },
);

describe('filter compiler: random trees agree with the reference evaluator', function () {
  this.timeout(300_000);
  let db: Db;
  let data: ReferenceData;

  before(async () => {
    db = (await harness()).db;
    const a = buildDataset(orgA, 300, 23);
    const b = buildDataset(orgB, 300, 29); // same request ids, different values
    data = { rows: [...a.rows, ...b.rows], tags: [...a.tags, ...b.tags] };
    await insertRequests(db, data.rows);
    await insertTags(db, data.tags);
  });

  it('"all" sees each request once: updates replace, never add', async () => {
    const got = await matchingIds(db, orgA, 'all');
    expect(got.size).to.equal(300);
    expect(data.rows.filter((r) => r.organization_id === orgA).length).to.be.greaterThan(300);
  });

  it(`${RUNS} random trees and windows`, async () => {
    let informative = 0;
    await fc.assert(
      fc.asyncProperty(tree, window, async (filter, w) => {
        const got = await matchingIds(db, orgA, filter, w);
        const want = expectedIds(data, orgA, filter, w);
        expect(sorted(got)).to.deep.equal(sorted(want));
        if (want.size > 0 && want.size < 300) informative += 1;
      }),
      {
        numRuns: RUNS,
        ...(process.env.FILTER_PROPERTY_SEED ? { seed: Number(process.env.FILTER_PROPERTY_SEED) } : {}),
      },
    );
    // Guard against a generator that only ever produces trivial trees.
    expect(informative).to.be.greaterThan(RUNS * 0.3);
  });
});
