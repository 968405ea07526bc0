// REGISTRY_FILE: adds and overrides models and endpoints, carries provider settings, and an invalid file stops the
// start with a message naming the file and the JSON path (in-process, through startServer, and as a real process).
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from '../../src/config.js';
import { loadRegistry } from '../../src/registry/registry.js';
import { RegistryFileError } from '../../src/registry/validate.js';
import { startServer } from '../../src/server.js';
import { api, harness, testConfig } from '../helpers/harness.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchyard-registry-'));
let n = 0;
function file(content: unknown): string {
  const f = path.join(dir, `registry-${++n}.json`);
  fs.writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
  return f;
}

const coreEndpoint = {
  provider: 'core', author: 'passthrough', providerModelId: 'acme-ft-7b', pricing: [{ threshold: 0, input: 0.4e-6, output: 0.8e-6 }],
  contextLength: 32768, maxCompletionTokens: 4096, ptbEnabled: true, supportedOperations: ['chat_completions'],
  supportedParameters: ['max_tokens', 'temperature', 'stream'], endpointConfigs: { '*': {} },
};
const newModel = {
  id: 'acme-ft-7b', name: 'Acme fine-tune 7B', author: 'passthrough', contextLength: 32768,
  inputModalities: ['text'], outputModalities: ['text'], endpoints: [coreEndpoint],
};
const cheaperGpt4o = {
  provider: 'openai', author: 'openai', providerModelId: 'gpt-4o', pricing: [{ threshold: 0, input: 1e-6, output: 2e-6 }],
  contextLength: 128000, maxCompletionTokens: 16384, ptbEnabled: true, supportedOperations: ['chat_completions'],
  supportedParameters: ['max_tokens'], endpointConfigs: { '*': { baseUri: 'https://internal.acme.example/openai', region: 'eu' } },
};

function expectFileError(fn: () => unknown, f: string, jsonPath: string, detail: RegExp) {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(RegistryFileError);
    const e = err as RegistryFileError;
    expect([e.file, e.jsonPath]).to.deep.equal([f, jsonPath]);
    expect(e.detail).to.match(detail);
    expect(e.message).to.contain(f).and.contain(jsonPath);
    return;
  }
  expect.fail('no error thrown');
}

describe('REGISTRY_FILE', () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('adds a model, overrides one by id (fields and one provider endpoint), keeps the rest', () => {
    const f = file({ models: [newModel, { id: 'gpt-4o', description: 'Our negotiated price', endpoints: [cheaperGpt4o] }] });
    const reg = loadRegistry(f);
    expect(reg.model('acme-ft-7b')!.name).to.equal('Acme fine-tune 7B');
    const gpt = reg.model('gpt-4o')!;
    expect(gpt.description).to.equal('Our negotiated price');
    expect(gpt.name).to.equal('GPT-4o'); // not given: kept from the catalog
    expect(gpt.endpoints.map((e) => e.provider)).to.deep.equal(['openai', 'azure', 'openrouter']);
    expect(gpt.endpoints[0]!.pricing[0]!.input).to.equal(1e-6);
    expect(reg.findPricing('OPENAI', 'gpt-4o')!.pricing[0]!.input).to.equal(1e-6);
    expect(reg.findPricing('CORE', 'acme-ft-7b')!.provider).to.equal('core');
    expect(loadRegistry().model('gpt-4o')!.endpoints[0]!.pricing[0]!.input).to.equal(2.5e-6); // catalog untouched
  });

  const invalid: Array<{ name: string; content: unknown; path: string; detail: RegExp }> = [
    { name: 'malformed JSON', content: '{"models": [', path: '$', detail: /malformed JSON/ },
    { name: 'a wrong type deep inside', content: { models: [{ ...newModel, endpoints: [{ ...coreEndpoint, pricing: [{ threshold: 0, input: 'cheap', output: 0 }] }] }] }, path: '$.models[0].endpoints[0].pricing[0].input', detail: /must be number/ },
    { name: 'an unknown key where the spec says no extra keys', content: { models: [{ ...newModel, endpoints: [{ ...coreEndpoint, colour: 'red' }] }] }, path: '$.models[0].endpoints[0].colour', detail: /unknown field/ },
    { name: 'a new model missing required fields', content: { models: [{ id: 'brand-new', author: 'passthrough' }] }, path: '$.models[0].name', detail: /is required/ },
    { name: 'an unknown provider id', content: { models: [{ ...newModel, endpoints: [{ ...coreEndpoint, provider: 'acme-cloud' }] }] }, path: '$.models[0].endpoints[0].provider', detail: /must be one of "openai"/ },
    { name: 'an unknown provider in the providers section', content: { providers: { 'acme-cloud': { apiKey: 'x' } } }, path: '$.providers["acme-cloud"]', detail: /not a known name/ },
    { name: 'a provider base URL that is not http(s)', content: { providers: { cohere: { baseUrl: 'ftp://x' } } }, path: '$.providers.cohere.baseUrl', detail: /pattern/ },
    { name: 'two endpoints of one provider', content: { models: [{ ...newModel, endpoints: [coreEndpoint, coreEndpoint] }] }, path: '$.models[0].endpoints[1].provider', detail: /second endpoint for provider "core"/ },
    { name: 'an endpoint author that is not the model author', content: { models: [{ id: 'gpt-4o', endpoints: [{ ...cheaperGpt4o, author: 'anthropic' }] }] }, path: '$.models[0].endpoints[0].author', detail: /differs from the model's author "openai"/ },
    { name: 'a negative price', content: { models: [{ id: 'gpt-4o', endpoints: [{ ...cheaperGpt4o, pricing: [{ threshold: 0, input: -1, output: 0 }] }] }] }, path: '$.models[0].endpoints[0].pricing[0].input', detail: />= 0/ },
  ];
  for (const row of invalid) {
    it(`rejects ${row.name}, naming the file and ${row.path}`, () => {
      const f = file(row.content);
      expectFileError(() => loadRegistry(f), f, row.path, row.detail);
    });
  }

  it('a missing file is named too', () => {
    const f = path.join(dir, 'absent.json');
    expectFileError(() => loadRegistry(f), f, '$', /cannot read \(ENOENT\)/);
  });

  describe('at server start', () => {
    it('a valid file is served: the new model and the override, without the private base URI', async () => {
      const h = await harness();
      const f = file({ models: [newModel, { id: 'gpt-4o', endpoints: [cheaperGpt4o] }], providers: { core: { apiKey: 'core-key', baseUrl: 'http://127.0.0.1:1' } } });
      const config = testConfig({ REGISTRY_FILE: f });
      const server = await startServer(config, { db: h.db }); // same engine, second HTTP server
      try {
        const r = await api('GET', '/v1/public/model-registry/models', { base: server.url });
        expect(r.status).to.equal(200);
        const acme = r.body.data.models.find((m: { id: string }) => m.id === 'acme-ft-7b');
        expect(acme.endpoints.map((e: { providerSlug: string }) => e.providerSlug)).to.deep.equal(['core']);
        expect(acme.endpoints[0].pricing).to.deep.equal({ prompt: 0.4, completion: 0.8 });
        expect(r.body.data.filters.authors).to.include('passthrough');
        const openai = r.body.data.models.find((m: { id: string }) => m.id === 'gpt-4o').endpoints.find((e: { provider: string }) => e.provider === 'openai');
        expect(openai.pricing).to.deep.equal({ prompt: 1, completion: 2 });
        expect(r.text).to.not.contain('internal.acme.example');
        expect(openai.endpoint.userConfig).to.deep.equal({ region: 'eu' });
        // The shared server still serves the catalog price and a different ETag.
        const shared = await api('GET', '/v1/public/model-registry/models');
        expect(shared.headers.get('etag')).to.not.equal(r.headers.get('etag'));
        // Pricing and routing in the process use the file.
        expect(server.ctx.registry.cost({ provider: 'OPENAI', model: 'gpt-4o', usage: { promptTokens: 1_000_000 } }).usd).to.equal(1);
        const routed = server.ctx.registry.route('acme-ft-7b', 'chat_completions').candidates;
        expect(routed.map((c) => [c.slug, c.baseUrl, c.apiKey])).to.deep.equal([['core', 'http://127.0.0.1:1', 'core-key']]);
      } finally {
        await server.close();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      }
    });

    it('an invalid file stops startServer with a ConfigError naming REGISTRY_FILE, the file and the path', async () => {
      const h = await harness();
      const f = file({ models: [{ id: 'gpt-4o', contextLength: 'big' }] });
      const config = testConfig({ REGISTRY_FILE: f });
      try {
        await startServer(config, { db: h.db });
        expect.fail('started');
      } catch (err) {
        expect(err).to.be.instanceOf(ConfigError);
        expect((err as Error).message).to.equal(`REGISTRY_FILE: ${f}: $.models[0].contextLength: must be number`);
      } finally {
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      }
    });

    it('`switchyard serve` with an invalid file exits 2 with the message on stderr', async function () {
      this.timeout(60_000);
      const f = file({ models: [{ id: 'gpt-4o', endpoints: [{ ...cheaperGpt4o, ptbEnabled: 'yes' }] }] });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchyard-regcli-'));
      try {
        const err = await promisify(execFile)(process.execPath, [path.resolve('bin/switchyard.js'), 'serve'], {
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', REGISTRY_FILE: f },
        }).then(() => undefined, (e: { code: number; stderr: string }) => e);
        expect(err, 'serve kept running or exited 0').to.not.equal(undefined);
        expect(err!.code).to.equal(2);
        expect(err!.stderr).to.contain(`REGISTRY_FILE: ${f}: $.models[0].endpoints[0].ptbEnabled: must be boolean`);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
