// Injection suite: hostile strings as values, property names, score names, asset ids, session ids and tags are only
// data. They never reach the SQL text, match exactly the row that holds them, and harm nothing.
import { expect } from 'chai';
import type { Db } from '../../src/db/client.js';
import { parseFilter, render, requestScan, sql } from '../../src/query/index.js';
import { insertRequests, sessionRow, type RequestRow } from '../analytics/fixtures.js';
import { api, harness, newOrg, type Org } from '../helpers/harness.js';
import { matchingIds, sorted } from './run.js';

const HOSTILE = [
  "' OR 1=1 --",
  "'; DROP TABLE request_response_rmt; --",
  "\\' OR \\'1\\'=\\'1",
  '{org:String}',
  '{p0:String}',
  "') OR organization_id != ('",
  "x' UNION ALL SELECT request_id FROM request_response_rmt --",
  '`backtick`',
  '"double"',
  'nul\u0000byte',
  'new\nline\ttab',
  '% _ \\\\',
  'ünïcödé 𝔘𝔫𝔦',
  'request_id',
  'properties',
  ')))',
];

describe('injection: hostile strings are just data', function () {
  this.timeout(60_000);
  let db: Db;
  let org: Org;
  let other: Org;
  const rowOf = new Map<string, RequestRow>();

  before(async () => {
    db = (await harness()).db;
    org = await newOrg('inj');
    other = await newOrg('inj-other');
    const rows: RequestRow[] = [];
    HOSTILE.forEach((s, i) => {
      const row = sessionRow(org.org, `sess ${s}`, {
        request_id: `inj-${i}`,
        provider: s,
        request_user_id: s,
        properties: { [s]: s },
        scores: { [s]: i },
        asset_ids: [s],
        response_body: `before ${s} after`,
        at: Date.UTC(2025, 5, 1, 0, 0, i),
      });
      rows.push(row);
      rowOf.set(s, row);
    });
    await insertRequests(db, [...rows, ...rows.map((r) => ({ ...r, organization_id: other.org }))]);
    for (const s of HOSTILE) {
      const r = await api('POST', `/v1/session/${encodeURIComponent(`sess ${s}`)}/tag`, { key: org.key, body: { tag: s } });
      expect(r.status, JSON.stringify(r.body)).to.equal(200);
    }
  });

  const filtersFor = (s: string, i: number): Array<[string, unknown]> => [
    ['provider equals', { request_response_rmt: { provider: { equals: s } } }],
    ['user_id like (escaped)', { request_response_rmt: { user_id: { like: s.replace(/[\\%_]/g, (c) => `\\${c}`) } } }],
    ['property name and value', { request_response_rmt: { properties: { [s]: { equals: s } } } }],
    ['search_properties', { request_response_rmt: { search_properties: { [s]: { equals: s } } } }],
    ['score name', { request_response_rmt: { scores: { [s]: { equals: i } } } }],
    ['assets equals', { request_response_rmt: { assets: { equals: s } } }],
    ['scores_column equals', { request_response_rmt: { scores_column: { equals: s } } }],
    ['response_body contains', { request_response_rmt: { response_body: { contains: `before ${s} after` } } }],
    ['session id', { sessions_request_response_rmt: { session_session_id: { equals: `sess ${s}` } } }],
    ['session tag', { sessions_request_response_rmt: { session_tag: { equals: s } } }],
  ];

  HOSTILE.forEach((s, i) => {
    it(`${JSON.stringify(s)} matches exactly its own row, through every kind of key`, async () => {
      const benign = filtersFor('benign', i);
      for (const [j, [name, filter]] of filtersFor(s, i).entries()) {
        // The SQL text is the same whatever the string: it travels only as a parameter.
        const text = (f: unknown) => render(requestScan({ columns: sql`request_id`, filter: parseFilter(f) }), { organizationId: org.org }).sql;
        expect(text(filter), name).to.equal(text(benign[j]![1]));
        const got = await matchingIds(db, org.org, filter);
        expect(sorted(got), `${name} ${JSON.stringify(filter)}`).to.deep.equal([rowOf.get(s)!.request_id]);
      }
    });
  });

  it('over HTTP: hostile filters are answered, not executed, and the table is intact', async () => {
    for (const s of HOSTILE) {
      const r = await api('POST', '/v1/evals/score-distributions/query', {
        key: org.key,
        body: {
          timeFilter: { start: '2025-06-01T00:00:00Z', end: '2025-06-02T00:00:00Z' },
          filter: { request_response_rmt: { properties: { [s]: { equals: s } } } },
        },
      });
      expect(r.status, JSON.stringify(r.body)).to.equal(200);
      expect(r.body.data).to.deep.equal([{ name: s, distribution: [{ value: 1, lower: HOSTILE.indexOf(s), upper: HOSTILE.indexOf(s) }] }]);
    }
    expect((await matchingIds(db, org.org, 'all')).size).to.equal(HOSTILE.length);
    expect((await matchingIds(db, other.org, 'all')).size).to.equal(HOSTILE.length);
  });

  it('lone surrogates and control characters in a filter are a clean answer, never a 500', async () => {
    const key = (await newOrg()).key;
    for (const s of ['\ud800', 'a\udfffb', '\u0000', '\u001f\u007f']) {
      const body = `{"timeFilter":{"start":"2025-06-01T00:00:00Z","end":"2025-06-02T00:00:00Z"},"filter":{"request_response_rmt":{"properties":{${JSON.stringify(s)}:{"like":${JSON.stringify(s)}}}}}}`;
      const r = await api('POST', '/v1/evals/score-distributions/query', { key, body, headers: { 'content-type': 'application/json' } });
      expect(r.status, r.text).to.equal(200);
    }
  });
});
