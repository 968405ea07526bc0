// Every key x every allowed operator compiles and runs on the real engine, and selects exactly the rows the
// reference evaluator selects, over an adversarial dataset with updates and tags, in two organisations.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { filterOperators, requestKeyTypes, sessionKeyTypes, type KeyType } from '../../schema/filter.js';
import type { Db } from '../../src/db/client.js';
import { insertRequests, insertTags } from '../analytics/fixtures.js';
import { harness } from '../helpers/harness.js';
import { buildDataset, pools, sampleValues } from './dataset.js';
import { expectedIds, type ReferenceData } from './reference-evaluator.js';
import { matchingIds, sorted } from './run.js';

const orgA = `cmp-a-${randomBytes(4).toString('hex')}`;
const orgB = `cmp-b-${randomBytes(4).toString('hex')}`;

const values = sampleValues(orgA, orgB);

describe('filter compiler on the real engine: every key x every operator', function () {
  this.timeout(120_000);
  let db: Db;
  let data: ReferenceData;
  const outcomes: number[] = [];

  before(async () => {
    db = (await harness()).db;
    const a = buildDataset(orgA, 250, 11);
    const b = buildDataset(orgB, 250, 11); // the same rows under another organisation
    data = { rows: [...a.rows, ...b.rows], tags: [...a.tags, ...b.tags] };
    await insertRequests(db, data.rows);
    await insertTags(db, data.tags);
  });

  async function check(filter: object): Promise<void> {
    const got = await matchingIds(db, orgA, filter);
    const want = expectedIds(data, orgA, filter);
    expect(sorted(got), JSON.stringify(filter)).to.deep.equal(sorted(want));
    outcomes.push(got.size);
  }

  const tables = [
    ['request_response_rmt', requestKeyTypes],
    ['sessions_request_response_rmt', sessionKeyTypes],
  ] as const;
  for (const [table, keys] of tables) {
    for (const [key, type] of Object.entries(keys) as Array<[string, KeyType]>) {
      for (const op of filterOperators[type]) {
        it(`${table}.${key} ${op}`, async () => {
          const vs = values[key];
          expect(vs, `test values for ${key}`).to.not.equal(undefined);
          for (const v of vs!) await check({ [table]: { [key]: { [op]: v } } });
        });
      }
    }
  }

  for (const op of filterOperators.string) {
    it(`properties.NAME ${op} (present, absent, odd names)`, async () => {
      for (const name of [...pools.propertyKeys, 'Core-Session-Id', 'missing']) {
        for (const v of ['alpha', '', 'Chat', 's1', '%a%', "quo'te"]) await check({ request_response_rmt: { properties: { [name]: { [op]: v } } } });
      }
    });
    it(`search_properties.NAME ${op}`, async () => {
      for (const name of ['', 'env', 'E', 'user', 'core-session']) {
        for (const v of ['alpha', '', 's2', 'É%']) await check({ request_response_rmt: { search_properties: { [name]: { [op]: v } } } });
      }
    });
  }
  for (const op of filterOperators.number) {
    it(`scores.NAME ${op}`, async () => {
      for (const name of [...pools.scoreNames, 'missing']) {
        for (const v of [...pools.scoreValues, 0.25]) await check({ request_response_rmt: { scores: { [name]: { [op]: v } } } });
      }
    });
  }

  it('the cases are not vacuous: most select some rows but not all', () => {
    const total = expectedIds(data, orgA, 'all').size;
    expect(total).to.equal(250);
    const informative = outcomes.filter((n) => n > 0 && n < total).length;
    expect(informative / outcomes.length).to.be.greaterThan(0.6);
  });
});
