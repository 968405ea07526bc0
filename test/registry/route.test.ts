// route(): which deployments, in which order, for a caller's configuration; credentials from env or the registry
// file; cooldowns on a controlled clock. A small registry built for the purpose, then the shipped catalog.
import { expect } from 'chai';
import type { CatalogModel, ModelProviderConfig } from '../../schema/registry.js';
import { Registry, shippedRegistry } from '../../src/registry/registry.js';
import { RegistryService } from '../../src/registry/service.js';

function cfg(provider: ModelProviderConfig['provider'], input: number, extra: Partial<ModelProviderConfig> = {}): ModelProviderConfig {
  return {
    provider, author: 'cohere', providerModelId: `${provider}-rr`, pricing: [{ threshold: 0, input, output: 0 }],
    contextLength: 4096, maxCompletionTokens: 4096, ptbEnabled: true, supportedOperations: ['rerank'],
    supportedParameters: [], endpointConfigs: { '*': {} }, ...extra,
  };
}

const rr: CatalogModel = {
  id: 'rr-1', name: 'Test reranker', author: 'cohere', contextLength: 4096, inputModalities: ['text'], outputModalities: ['rerank'],
  endpoints: [
    cfg('cohere', 2e-6),
    cfg('voyage', 1e-6),
    cfg('jina', 1e-6, { priority: 10 }),
    cfg('bedrock', 3e-6, { endpointConfigs: { 'us-west-2': { region: 'us-west-2' }, eu: { region: 'eu-central-1', pricing: [{ threshold: 0, input: 2.5e-6, output: 0 }] } } }),
    cfg('azure', 5e-6, { ptbCompliance: { zeroDataRetention: false } }),
    cfg('deepinfra', 0.5e-6, { lifecycle: 'retired' }),
    cfg('openrouter', 0.1e-6, { requireExplicitRouting: true }),
    cfg('svc', 4e-6),
    cfg('groq', 0.2e-6, { supportedOperations: ['chat_completions'] }),
  ],
};

const ALL_KEYS = Object.fromEntries(
  ['COHERE', 'VOYAGE', 'JINA', 'BEDROCK', 'AZURE', 'DEEPINFRA', 'OPENROUTER', 'GROQ'].map((p) => [`${p}_API_KEY`, `k-${p.toLowerCase()}`]),
);

function service(env: Record<string, string> = { ...ALL_KEYS, AZURE_BASE_URL: 'https://acme.openai.azure.com' }, clock = { t: 1_000_000 }) {
  const registry = new Registry({ models: [rr], providers: {}, sources: [] });
  return new RegistryService(registry, { env, health: { now: () => clock.t, failureThreshold: 3, cooldownMs: 30_000 } });
}

const order = (s: RegistryService, cfgs: Parameters<RegistryService['route']>[2] = {}) => s.route('rr-1', 'rerank', cfgs).candidates.map((c) => c.slug);

describe('registry routing: route()', () => {
  it('cheapest first, then priority, then slug; unavailable deployments are left out with a reason', () => {
    const s = service();
    // voyage and jina cost the same: jina's priority 10 beats the default 100.
    expect(order(s)).to.deep.equal(['jina', 'voyage', 'cohere', 'bedrock:eu', 'bedrock:us-west-2', 'svc', 'azure']);
    const excluded = Object.fromEntries(s.route('rr-1', 'rerank').excluded.map((e) => [e.slug, e.reason]));
    expect(excluded).to.deep.equal({
      deepinfra: 'retired',
      openrouter: 'requires explicit routing: name the provider',
      groq: 'does not support rerank',
    });
  });

  it('is deterministic: the same inputs give the same order, whatever the catalog order', () => {
    const a = service();
    const shuffled = new RegistryService(new Registry({ models: [{ ...rr, endpoints: [...rr.endpoints].reverse() }], providers: {}, sources: [] }), { env: { ...ALL_KEYS, AZURE_BASE_URL: 'https://acme.openai.azure.com' } });
    expect(order(shuffled)).to.deep.equal(order(a));
    expect(order(a)).to.deep.equal(order(a));
  });

  it('allowedProviders restricts; names may be upper-case codes', () => {
    expect(order(service(), { allowedProviders: ['COHERE', 'AWS'] })).to.deep.equal(['cohere', 'bedrock:eu', 'bedrock:us-west-2']);
    expect(service().route('rr-1', 'rerank', { allowedProviders: ['nope'] }).candidates).to.deep.equal([]);
  });

  it('preferredProviders go first in the given order, the rest by price', () => {
    expect(order(service(), { preferredProviders: ['azure', 'cohere'] })).to.deep.equal(
      ['azure', 'cohere', 'jina', 'voyage', 'bedrock:eu', 'bedrock:us-west-2', 'svc'],
    );
  });

  it('an endpoint that requires explicit routing is used once its provider is named', () => {
    expect(order(service(), { preferredProviders: ['openrouter'] })[0]).to.equal('openrouter');
    expect(order(service(), { allowedProviders: ['openrouter'] })).to.deep.equal(['openrouter']);
  });

  it('compliance: zdr and hipaa keep only endpoints that offer them (provider defaults, endpoint overrides)', () => {
    // Defaults: groq/fireworks/deepinfra zdr; azure/bedrock/vertex/svc both; azure overridden to no zdr here.
    expect(order(service(), { compliance: ['zdr'] })).to.deep.equal(['bedrock:eu', 'bedrock:us-west-2', 'svc']);
    expect(order(service(), { compliance: ['hipaa'] })).to.deep.equal(['bedrock:eu', 'bedrock:us-west-2', 'svc', 'azure']);
    const reasons = service().route('rr-1', 'rerank', { compliance: ['zdr', 'hipaa'] }).excluded.map((e) => `${e.slug}: ${e.reason}`);
    expect(reasons).to.include.members(['cohere: no zero data retention', 'azure: no zero data retention']);
  });

  it('credentials: a provider without <PROVIDER>_API_KEY is left out, naming the variable', () => {
    const s = service({ VOYAGE_API_KEY: 'v' });
    expect(order(s)).to.deep.equal(['voyage', 'svc']); // svc is built in: no credential
    const excluded = Object.fromEntries(s.route('rr-1', 'rerank').excluded.map((e) => [e.slug, e.reason]));
    expect(excluded['cohere']).to.equal('not configured: set COHERE_API_KEY');
    // Azure has no public host: a key alone is not enough.
    const azure = service({ AZURE_API_KEY: 'a' }).route('rr-1', 'rerank').excluded.find((e) => e.slug === 'azure');
    expect(azure!.reason).to.equal('not configured: set AZURE_BASE_URL');
  });

  it('base URLs: <PROVIDER>_BASE_URL points a provider at a local fake; regional clouds derive the host', () => {
    const s = service({ ...ALL_KEYS, COHERE_BASE_URL: 'http://127.0.0.1:9999/' });
    const byslug = Object.fromEntries(s.route('rr-1', 'rerank').candidates.map((c) => [c.slug, c]));
    expect(byslug['cohere']!.baseUrl).to.equal('http://127.0.0.1:9999');
    expect(byslug['cohere']!.apiKey).to.equal('k-cohere');
    expect(byslug['voyage']!.baseUrl).to.equal('https://api.voyageai.com');
    expect(byslug['bedrock:eu']!.baseUrl).to.equal('https://bedrock-runtime.eu-central-1.amazonaws.com');
    expect(() => service({ COHERE_BASE_URL: 'not a url' })).to.throw(/COHERE_BASE_URL: must be a URL/);
  });

  it('credentials and base URLs from the registry file; the environment wins', () => {
    const registry = new Registry({
      models: [rr], sources: [],
      providers: { cohere: { apiKey: 'file-key', baseUrl: 'http://127.0.0.1:7000' }, voyage: { apiKey: 'file-voyage' } },
    });
    const s = new RegistryService(registry, { env: { VOYAGE_API_KEY: 'env-voyage' } });
    const byslug = Object.fromEntries(s.route('rr-1', 'rerank').candidates.map((c) => [c.slug, c]));
    expect([byslug['cohere']!.apiKey, byslug['cohere']!.baseUrl]).to.deep.equal(['file-key', 'http://127.0.0.1:7000']);
    expect(byslug['voyage']!.apiKey).to.equal('env-voyage');
  });

  it('cooldown: three failures in a row skip a deployment until the cooldown ends; success resets', () => {
    const clock = { t: 1_000_000 };
    const s = service(undefined, clock);
    const jina = s.route('rr-1', 'rerank').candidates[0]!;
    expect(jina.slug).to.equal('jina');
    s.health.recordFailure(jina.healthKey);
    s.health.recordFailure(jina.healthKey);
    expect(order(s)[0]).to.equal('jina'); // two failures: still tried
    s.health.recordFailure(jina.healthKey);
    expect(order(s)).to.not.include('jina');
    expect(s.route('rr-1', 'rerank').excluded.find((e) => e.slug === 'jina')!.reason)
      .to.equal(`cooling down after failures until ${new Date(1_030_000).toISOString()}`);
    clock.t += 30_000;
    expect(order(s)[0]).to.equal('jina');
    s.health.recordSuccess(jina.healthKey);
    s.health.recordFailure(jina.healthKey);
    expect(order(s)[0]).to.equal('jina'); // the count started again
  });

  it('cooldown: a 429 with Retry-After skips the deployment at once for that long', () => {
    const clock = { t: 5_000 };
    const s = service(undefined, clock);
    s.health.recordFailure(s.route('rr-1', 'rerank').candidates[1]!.healthKey, { retryAfterMs: 2000 });
    expect(order(s)).to.not.include('voyage');
    clock.t += 2000;
    expect(order(s)).to.include('voyage');
  });

  it('unknown model: no candidates and no model id', () => {
    expect(service().route('nope', 'rerank')).to.deep.equal({ candidates: [], excluded: [] });
  });

  it('on the shipped catalog: rerank-v3.5 by price, with the Bedrock deployment for HIPAA', () => {
    const s = new RegistryService(shippedRegistry(), { env: { COHERE_API_KEY: 'c', BEDROCK_API_KEY: 'b', AZURE_API_KEY: 'a', AZURE_BASE_URL: 'https://x.services.ai.azure.com' } });
    const r = s.route('rerank-v3.5', 'rerank');
    expect(r.modelId).to.equal('rerank-v3.5');
    // All three charge $0.002 per search: equal price and priority, so by slug.
    expect(r.candidates.map((c) => [c.slug, c.referenceUsd])).to.deep.equal([['azure', 0.002], ['bedrock:us-west-2', 0.002], ['cohere', 0.002]]);
    expect(s.route('rerank-v3.5', 'rerank', { compliance: ['hipaa'], preferredProviders: ['bedrock'] }).candidates.map((c) => c.slug))
      .to.deep.equal(['bedrock:us-west-2', 'azure']);
    // A provider model id resolves to the registry model.
    expect(s.route('Rerank-V3.5', 'rerank').modelId).to.equal('rerank-v3.5');
    expect(s.route('veo-3.1-generate-preview', 'video_generations').excluded.map((e) => e.reason)).to.deep.equal([
      'not configured: set GOOGLE_API_KEY', 'not configured: set VERTEX_API_KEY',
    ]);
  });
});
