// The shipped catalog: valid against the spec schemas, real content, the enumerations of spec 2.3, its source, no
// credentials, and reproducible from the price file by scripts/build-catalog.ts.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  AUTHOR_NAMES, BODY_MAPPING_TYPES, MODEL_PROVIDER_NAMES, RESPONSE_FORMATS,
} from '../../schema/registry.js';
import { CATALOG_DIR, loadCatalogDir } from '../../src/registry/catalog.js';
import { effectiveMeters } from '../../src/registry/meters.js';

const PRICE_FILE = path.resolve('../shared/data/model-prices-2026-07-24.json');

describe('shipped catalog', () => {
  const data = loadCatalogDir();
  const endpoints = data.models.flatMap((m) => m.endpoints);

  it('validates against the spec schemas and holds >= 40 models, >= 10 authors, >= 12 providers', () => {
    expect(data.models.length).to.be.at.least(40);
    expect(new Set(data.models.map((m) => m.author)).size).to.be.at.least(10);
    expect(new Set(endpoints.map((e) => e.provider)).size).to.be.at.least(12);
  });

  it('has at least three rerank models and two video models with VideoGenerationConstraints', () => {
    const ops = (m: (typeof data.models)[number]) => new Set(m.endpoints.flatMap((e) => e.supportedOperations ?? []));
    expect(data.models.filter((m) => ops(m).has('rerank')).length).to.be.at.least(3);
    const video = data.models.filter((m) => ops(m).has('video_generations'));
    expect(video.length).to.be.at.least(2);
    for (const m of video) for (const e of m.endpoints) expect(e.videoGenerationConstraints, `${m.id} ${e.provider}`).to.be.an('object');
  });

  it('prices every endpoint (at least one non-zero meter) and every tier ladder starts at 0', () => {
    for (const m of data.models) {
      for (const e of m.endpoints) {
        const tiers = [...e.pricing].sort((a, b) => a.threshold - b.threshold);
        expect(tiers[0]!.threshold, `${m.id}/${e.provider}`).to.equal(0);
        expect(effectiveMeters(tiers[0]!).some((r) => r.rate > 0), `${m.id}/${e.provider} has no price`).to.equal(true);
      }
    }
  });

  it('defines the spec 2.3 enumerations: 21 providers (svc, core), 22 authors (passthrough), vendor formats', () => {
    expect(MODEL_PROVIDER_NAMES).to.have.length(21).and.include.members(['svc', 'core']);
    expect(AUTHOR_NAMES).to.have.length(22).and.include('passthrough');
    for (const id of [...MODEL_PROVIDER_NAMES, ...AUTHOR_NAMES]) expect(id).to.match(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(MODEL_PROVIDER_NAMES).size).to.equal(21);
    expect(new Set(AUTHOR_NAMES).size).to.equal(22);
    expect(RESPONSE_FORMATS).to.have.length(3);
    for (const f of RESPONSE_FORMATS) expect(f).to.match(/^[A-Z]+$/);
    expect(BODY_MAPPING_TYPES).to.have.length(3).and.include.members(['NO_MAPPING', 'RESPONSES']);
  });

  it('says where and when its prices were taken', () => {
    expect(data.sources.length).to.equal(fs.readdirSync(CATALOG_DIR).filter((f) => f.endsWith('.json')).length);
    for (const s of data.sources) {
      expect(s.name).to.contain('LiteLLM');
      expect(s.license).to.equal('MIT');
      expect(s.retrievedAt).to.equal('2026-07-24');
    }
  });

  it('carries no credentials or base URLs (those come from configuration)', () => {
    for (const f of fs.readdirSync(CATALOG_DIR)) {
      const text = fs.readFileSync(path.join(CATALOG_DIR, f), 'utf8');
      expect(text, f).to.not.match(/"(apiKey|baseUri|baseUrl|projectId|resourceName|deploymentName)"/);
    }
  });

  it('is exactly what scripts/build-catalog.ts makes from the price file', async function () {
    if (!fs.existsSync(PRICE_FILE)) this.skip(); // the price file lives outside the repository
    this.timeout(60_000);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'switchyard-catalog-'));
    try {
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-catalog.ts', '--in', PRICE_FILE, '--out', out]);
      const files = fs.readdirSync(CATALOG_DIR).filter((f) => f.endsWith('.json')).sort();
      expect(fs.readdirSync(out).sort()).to.deep.equal(files);
      for (const f of files) {
        expect(fs.readFileSync(path.join(out, f), 'utf8'), f).to.equal(fs.readFileSync(path.join(CATALOG_DIR, f), 'utf8'));
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
