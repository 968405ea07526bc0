// GET /v1/public/model-registry/models through real HTTP on the shared server: schema, content, filters, caching.
import { expect } from 'chai';
import { Ajv } from 'ajv';
import { envelopeOf } from '../../schema/common.js';
import { modelRegistryResponseSchema, type ModelRegistryResponse } from '../../schema/registry.js';
import { api } from '../helpers/harness.js';

const PATH = '/v1/public/model-registry/models';

const isSorted = (xs: readonly string[]) => xs.every((x, i) => i === 0 || xs[i - 1]!.localeCompare(x) <= 0);

describe('GET /v1/public/model-registry/models', () => {
  let body: { data: ModelRegistryResponse; error: null };
  let etag: string;

  before(async () => {
    const r = await api('GET', PATH);
    expect(r.status).to.equal(200);
    body = r.body;
    etag = r.headers.get('etag')!;
  });

  it('answers without a key, in the envelope, exactly as its JSON Schema says (no extra keys anywhere)', () => {
    // A strict, independent validator: every object in the schema forbids unknown keys.
    const validate = new Ajv({ strict: false, allErrors: true }).compile(envelopeOf(modelRegistryResponseSchema));
    const ok = validate(body);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).to.deep.equal([]);
    expect(ok).to.equal(true);
    expect(body.error).to.equal(null);
    expect(body.data.total).to.equal(body.data.models.length);
  });

  it('ignores an Authorization header it does not need', async () => {
    const r = await api('GET', PATH, { headers: { authorization: 'Bearer not-a-key' } });
    expect(r.status).to.equal(200);
  });

  it('holds real content: >= 40 models, >= 10 authors, >= 12 providers, rerank and video models', () => {
    const { models, filters } = body.data;
    expect(models.length).to.be.at.least(40);
    expect(new Set(models.map((m) => m.author)).size).to.be.at.least(10);
    expect(new Set(models.flatMap((m) => m.endpoints.map((e) => e.provider))).size).to.be.at.least(12);
    expect(models.filter((m) => m.operations.includes('rerank')).length).to.be.at.least(3);
    const video = models.filter((m) => m.operations.includes('video_generations'));
    expect(video.length).to.be.at.least(2);
    for (const m of video) {
      for (const e of m.endpoints) expect(e.endpoint?.modelConfig.videoGenerationConstraints?.requestParameters).to.include('prompt');
    }
    expect(filters.authors.length).to.be.at.least(10);
    expect(filters.providers.length).to.be.at.least(12);
  });

  it('prices token models per 1M tokens, with tiers when a model has more than one', () => {
    const gpt4o = body.data.models.find((m) => m.id === 'gpt-4o')!;
    const openai = gpt4o.endpoints.find((e) => e.providerSlug === 'openai')!;
    expect(openai.pricing).to.include({ prompt: 2.5, completion: 10, cacheRead: 1.25 });
    expect(openai).to.not.have.property('pricingTiers');
    const pro = body.data.models.find((m) => m.id === 'gemini-2.5-pro')!;
    const google = pro.endpoints.find((e) => e.provider === 'google')!;
    expect(google.pricingTiers!.map((t) => [t.threshold ?? 0, t.prompt, t.completion])).to.deep.equal([
      [0, 1.25, 10],
      [200000, 2.5, 15],
    ]);
    expect(google.pricing).to.deep.equal(google.pricingTiers![0]);
    const veo = body.data.models.find((m) => m.id === 'veo-3.1-lite-generate-preview')!;
    expect(veo.endpoints[0]!.pricing.video).to.equal(0.05); // USD per second at the base resolution
    const whisper = body.data.models.find((m) => m.id === 'whisper-1')!;
    expect(whisper.endpoints[0]!.pricing.audioMinute).to.equal(0.006);
    // per-request prices are in the full endpoint pricing (SimplifiedPricing has no field for them)
    const rerank = body.data.models.find((m) => m.id === 'rerank-v3.5')!;
    expect(rerank.endpoints.find((e) => e.provider === 'cohere')!.endpoint!.pricing[0]!.request).to.equal(0.002);
  });

  it('lists only routable endpoints: retired ones and models with nothing else left are absent', () => {
    const ids = body.data.models.map((m) => m.id);
    expect(ids).to.not.include('gemini-2.0-flash'); // shut down 2026-06-01, retired in the catalog
    const emb = body.data.models.find((m) => m.id === 'text-embedding-3-small')!;
    expect(emb.endpoints.map((e) => e.provider)).to.deep.equal(['openai']); // the Azure deployment is retired
    for (const m of body.data.models) for (const e of m.endpoints) expect(e.endpoint?.lifecycle).to.not.equal('retired');
  });

  it('has all five filters, derived from the listed models and sorted', () => {
    const { filters, models } = body.data;
    expect(Object.keys(filters).sort()).to.deep.equal(['authors', 'capabilities', 'compliance', 'operations', 'providers']);
    expect(filters.compliance).to.deep.equal(['hipaa', 'zdr']);
    expect(filters.capabilities).to.deep.equal(['audio', 'caching', 'image', 'reasoning', 'thinking', 'video', 'web_search']);
    expect(filters.operations).to.include.members(['chat_completions', 'embeddings', 'rerank', 'video_generations']);
    expect(filters.authors).to.deep.equal([...new Set(models.map((m) => m.author))].sort());
    expect(filters.providers.map((p) => p.name)).to.deep.equal([...new Set(models.flatMap((m) => m.endpoints.map((e) => e.provider)))].sort());
    expect(filters.providers.find((p) => p.name === 'bedrock')!.displayName).to.equal('Amazon Bedrock');
    for (const list of [filters.compliance, filters.operations, filters.capabilities, filters.authors, filters.providers.map((p) => p.name)]) {
      expect(isSorted(list), list.join(',')).to.equal(true);
    }
    expect(isSorted(models.map((m) => m.id))).to.equal(true);
    for (const m of models) expect(isSorted(m.endpoints.map((e) => e.providerSlug))).to.equal(true);
  });

  it('compliance flags come from provider defaults and endpoint overrides', () => {
    const sonnet = body.data.models.find((m) => m.id === 'claude-sonnet-4-5')!;
    const flags = Object.fromEntries(sonnet.endpoints.map((e) => [e.providerSlug, e.ptbCompliance]));
    expect(flags['anthropic']).to.deep.equal({ zeroDataRetention: false, hipaaEligible: false });
    expect(flags['bedrock:eu']).to.deep.equal({ zeroDataRetention: true, hipaaEligible: true });
  });

  it('is cacheable: ETag and Cache-Control, 304 without a body on a matching If-None-Match', async () => {
    expect(etag).to.match(/^"[A-Za-z0-9_-]+"$/);
    const first = await api('GET', PATH);
    expect(first.headers.get('etag')).to.equal(etag); // stable across requests
    expect(first.headers.get('cache-control')).to.match(/max-age=\d+/);
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const r = await api('GET', PATH, { headers: { 'if-none-match': inm } });
      expect(r.status, inm).to.equal(304);
      expect(r.text).to.equal('');
      expect(r.headers.get('etag')).to.equal(etag);
    }
    const stale = await api('GET', PATH, { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).to.equal(200);
    expect(stale.body.data.total).to.equal(body.data.total);
  });

  it('is documented in /openapi.json without a security requirement', async () => {
    const r = await api('GET', '/openapi.json');
    const op = r.body.paths['/v1/public/model-registry/models'].get;
    expect(op.operationId).to.equal('GetModelRegistry');
    expect(op.security).to.deep.equal([]);
  });
});
