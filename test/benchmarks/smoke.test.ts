// The benchmark data set is what the benchmark figures claim it is: deterministic from its seed, priced like the
// registry prices a log, with sessions, properties, scores and updates as described. The generating SELECT runs on
// the shared engine without inserting anything (a few thousand rows: about a second).
import { expect } from 'chai';
import { harness } from '../helpers/harness.js';
import { computeCostUsd } from '../../src/ingest/cost.js';
import { logRecordSchema } from '../../schema/log.js';
import { assertValid } from '../../src/http/validate.js';
import { datasetParams, generatingSelect, SCORE_NAMES, type DatasetSpec } from '../../benchmarks/lib/dataset.js';
import { toLogRecord } from '../../benchmarks/suites/ingest.js';
import { withoutDedup } from '../../benchmarks/suites/query.js';
import { percentile, summarize } from '../../benchmarks/lib/stats.js';

const spec: DatasetSpec = { rows: 4000, orgs: 10, days: 30, seed: 42, end: '2026-01-01T00:00:00.000Z', updatedFraction: 0.1 };

interface Row {
  organization_id: string;
  request_id: string;
  request_created_at: string;
  version: string;
  request_body: string;
  response_body: string;
  response_status: number;
  provider: string;
  model: string;
  prompt_tokens: string;
  prompt_cache_read_tokens: string;
  completion_tokens: string;
  reasoning_tokens: string;
  total_tokens: string;
  cost_nano_usd: string;
  properties: Record<string, string>;
  scores: Record<string, number>;
  [k: string]: unknown;
}

async function generate(s: DatasetSpec, pass: 0 | 1): Promise<Row[]> {
  const { db } = await harness();
  return db.query<Row>(`SELECT * FROM (${generatingSelect()})`, { ...datasetParams(s), off: 0, n: s.rows, pass });
}

describe('benchmark data set', function () {
  this.timeout(60_000);
  let rows: Row[];
  let updates: Row[];
  before(async () => {
    rows = await generate(spec, 0);
    updates = await generate(spec, 1);
  });

  it('is the same for the same seed and different for another', async () => {
    const again = await generate(spec, 0);
    expect(again.map((r) => r.request_id + r.cost_nano_usd + r.request_body)).to.deep.equal(
      rows.map((r) => r.request_id + r.cost_nano_usd + r.request_body),
    );
    const other = await generate({ ...spec, seed: 43 }, 0);
    expect(other[0]!.request_id).to.not.equal(rows[0]!.request_id);
    expect(new Set(rows.map((r) => r.request_id)).size).to.equal(spec.rows);
  });

  it('costs every request as the registry prices it (exact to a nano-USD)', () => {
    let priced = 0;
    for (const r of rows) {
      if (r.response_status === 400) {
        expect(Number(r.cost_nano_usd)).to.equal(0);
        continue;
      }
      const usd = computeCostUsd({
        provider: r.provider,
        model: r.model,
        usage: {
          total: Number(r.total_tokens), prompt: Number(r.prompt_tokens), completion: Number(r.completion_tokens),
          cacheRead: Number(r.prompt_cache_read_tokens), cacheWrite: 0, reasoning: Number(r.reasoning_tokens),
          promptAudio: 0, completionAudio: 0,
        },
      });
      expect(usd, `${r.provider}/${r.model} is priced`).to.be.greaterThan(0);
      expect(Math.abs(Number(r.cost_nano_usd) - usd * 1e9), `${r.provider}/${r.model}`).to.be.at.most(2);
      priced++;
    }
    expect(priced).to.be.greaterThan(spec.rows * 0.9);
    expect(Number(rows[0]!.total_tokens)).to.equal(Number(rows[0]!.prompt_tokens) + Number(rows[0]!.completion_tokens));
  });

  it('has 0.5-4 KB request bodies that are JSON, and a skewed model mix', () => {
    for (const r of rows) {
      expect(r.request_body.length).to.be.within(500, 4000);
      expect(JSON.parse(r.request_body).model).to.equal(r.model);
      JSON.parse(r.response_body);
    }
    const byModel = new Map<string, number>();
    for (const r of rows) byModel.set(`${r.provider}/${r.model}`, (byModel.get(`${r.provider}/${r.model}`) ?? 0) + 1);
    const shares = [...byModel.values()].sort((a, b) => b - a).map((n) => n / rows.length);
    expect(shares[0]).to.be.greaterThan(0.15);
    expect(shares[shares.length - 1]).to.be.lessThan(0.03);
  });

  it('has Zipf-sized organisations and power-law sessions with names and paths', () => {
    const perOrg = new Map<string, number>();
    for (const r of rows) perOrg.set(r.organization_id, (perOrg.get(r.organization_id) ?? 0) + 1);
    expect(perOrg.get('bench-org-000')!).to.be.greaterThan(5 * perOrg.get('bench-org-009')!);

    const inSession = rows.filter((r) => r.properties['Core-Session-Id']);
    expect(inSession.length / rows.length).to.be.within(0.6, 0.8);
    for (const r of inSession) {
      expect(r.properties['Core-Session-Name']).to.be.a('string').and.not.empty;
      expect(r.properties['Core-Session-Path']).to.match(/^\//);
    }
    const sizes = new Map<string, number>();
    for (const r of inSession) sizes.set(r.properties['Core-Session-Id']!, (sizes.get(r.properties['Core-Session-Id']!) ?? 0) + 1);
    const sorted = [...sizes.values()].sort((a, b) => a - b);
    expect(sorted[sorted.length - 1]!).to.be.at.least(5 * percentile(sorted, 50));
    expect(rows.every((r) => ['production', 'staging', 'development'].includes(r.properties.environment!))).to.equal(true);
  });

  it('scores a share of requests with 1-4 named scores', () => {
    const scored = rows.filter((r) => Object.keys(r.scores).length > 0);
    expect(scored.length / rows.length).to.be.within(0.25, 0.35);
    for (const r of scored) {
      const names = Object.keys(r.scores);
      expect(names.length).to.be.within(1, 4);
      for (const n of names) expect(SCORE_NAMES).to.include(n);
    }
  });

  it('re-inserts a share of requests with a higher version and the property or score the update added', () => {
    expect(updates.length / rows.length).to.be.within(0.07, 0.13);
    const originals = new Map(rows.map((r) => [r.request_id, r]));
    for (const u of updates) {
      const o = originals.get(u.request_id)!;
      expect(o, 'an update of an existing request').to.exist;
      expect(Number(u.version)).to.equal(Number(o.version) + 1);
      expect(u.request_created_at).to.equal(o.request_created_at);
      expect(u.cost_nano_usd).to.equal(o.cost_nano_usd);
      const added = u.properties.reviewed !== undefined || u.scores.human_rating !== undefined;
      expect(added, 'the update adds a property or a score').to.equal(true);
    }
  });

  it('turns rows into records that the ingestion endpoint accepts', () => {
    for (const r of rows.slice(0, 200)) {
      const rec = toLogRecord(r, Date.UTC(2020, 0, 5));
      assertValid(logRecordSchema, rec, 'body');
    }
  });
});

describe('benchmark helpers', () => {
  it('removes FINAL for the baseline and refuses SQL without it', () => {
    expect(withoutDedup('SELECT x FROM t FINAL PREWHERE a = 1')).to.equal('SELECT x FROM t PREWHERE a = 1');
    expect(() => withoutDedup('SELECT 1')).to.throw(/no FINAL/);
  });

  it('computes nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).to.equal(50);
    expect(percentile(xs, 99)).to.equal(99);
    expect(summarize([3, 1, 2])).to.include({ p50: 2, min: 1, max: 3, runs: 3 });
  });
});
