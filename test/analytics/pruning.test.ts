// The analytics SQL lets the engine prune by the sort key (organization_id, request_created_at, request_id): the
// primary-key analysis of every read of request_response_rmt uses the organisation and, with a window, the time.
// (Speed itself is measured by the benchmarks, not asserted here.)
import { expect } from 'chai';
import { scoreDistributionsSql } from '../../src/analytics/score-distributions.js';
import { sessionMetricsSql } from '../../src/analytics/session-metrics.js';
import { parseFilter, parseTimeWindow, type CompiledQuery } from '../../src/query/index.js';
import { harness, newOrg } from '../helpers/harness.js';
import { insertRequests, sessionRow } from './fixtures.js';

/** The `Condition:` lines of the PrimaryKey sections of `EXPLAIN indexes = 1`. */
async function primaryKeyConditions(q: CompiledQuery): Promise<string[]> {
  const db = (await harness()).db;
  const rows = await db.query<{ explain: string }>(`EXPLAIN indexes = 1 ${q.sql}`, q.params);
  // Drop the tree-drawing characters of nested steps.
  const lines = rows.map((r) => r.explain.replace(/[│└├─]/g, '').trim());
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (l !== 'PrimaryKey') return;
    const cond = lines.slice(i + 1, i + 8).find((x) => x.startsWith('Condition:'));
    if (cond) out.push(cond);
  });
  return out;
}

describe('analytics SQL prunes by the sort key', () => {
  const window = parseTimeWindow({ start: '2025-08-01T00:00:00Z', end: '2025-08-02T00:00:00Z' }, 'timeFilter');
  const filter = parseFilter({
    left: { request_response_rmt: { model: { equals: 'm' } } },
    operator: 'or',
    right: { sessions_request_response_rmt: { session_total_requests: { gt: 1 } } },
  });

  let org = '';
  before(async () => {
    org = (await newOrg()).org;
    await insertRequests((await harness()).db, [sessionRow(org, 's', { at: Date.UTC(2025, 7, 1, 1), scores: { q: 1 } })]);
  });

  // EXPLAIN shows the main reads (not the IN-subquery sets); each of them must use the sort key.
  it('score distributions: both passes use organisation and time', async () => {
    const conditions = await primaryKeyConditions(scoreDistributionsSql({ organizationId: org, filter, window, offset: 0, limit: 10 }));
    expect(conditions.length).to.equal(2);
    for (const c of conditions) expect(c).to.contain('organization_id in').and.contain('request_created_at in');
  });

  it('session metrics with a window: the read uses organisation and time; without one, the organisation', async () => {
    const windowed = await primaryKeyConditions(sessionMetricsSql({ organizationId: org, filter, window, nameContains: 'x', useInterquartile: false }));
    expect(windowed.length).to.be.greaterThan(0);
    for (const c of windowed) expect(c).to.contain('organization_id in').and.contain('request_created_at in');
    const allTime = await primaryKeyConditions(sessionMetricsSql({ organizationId: org, filter, nameContains: '', useInterquartile: false }));
    expect(allTime.length).to.be.greaterThan(0);
    for (const c of allTime) expect(c).to.contain('organization_id in');
  });
});
