// POST /v1/rerank through real HTTP, against fake Cohere/Voyage/Jina upstreams on 127.0.0.1 and the built-in scorer.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bm25Scores } from '../../src/rerank/bm25.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createLogger } from '../../src/logger.js';
import { compile } from '../../src/http/validate.js';
import { rerankResponseSchema } from '../../schema/rerank.js';
import { api, harness, newOrg, serverWithProviders, testConfig } from '../helpers/harness.js';

interface Seen {
  path: string;
  auth: string | undefined;
  body: any;
}

/** Scores by the number of query words a document contains; answers in each provider's own wire format. */
function fakeUpstream(failing: Set<string>) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw);
      const provider = req.headers['x-fake'] as string | undefined;
      seen.push({ path: req.url!, auth: req.headers.authorization, body });
      const which = req.url!.startsWith('/cohere') ? 'cohere' : req.url!.startsWith('/azure') ? 'azure' : req.url!.startsWith('/voyage') ? 'voyage' : 'jina';
      void provider;
      if (failing.has(which)) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"overloaded"}');
        return;
      }
      const words = new Set(String(body.query).toLowerCase().split(/\W+/).filter(Boolean));
      const scored = (body.documents as string[])
        .map((d, index) => ({ index, relevance_score: d.toLowerCase().split(/\W+/).filter((w) => words.has(w)).length / 10 }))
        .sort((a, b) => b.relevance_score - a.relevance_score);
      const n = body.top_n ?? body.top_k ?? scored.length;
      const top = scored.slice(0, n);
      res.writeHead(200, { 'content-type': 'application/json' });
      if (which === 'voyage') res.end(JSON.stringify({ object: 'list', data: top, model: body.model, usage: { total_tokens: 42 } }));
      else if (which === 'jina') res.end(JSON.stringify({ model: body.model, results: top, usage: { total_tokens: 43 } }));
      else res.end(JSON.stringify({ id: 'x', results: top, meta: { billed_units: { search_units: 1 } } }));
    });
  });
  return { server, seen };
}

const validResponse = compile(rerankResponseSchema);
const DOCS = ['The cat sat on the mat', 'Rerank models score documents against a query', 'Paris is the capital of France'];

describe('POST /v1/rerank', function () {
  this.timeout(60_000);
  const failing = new Set<string>();
  const upstream = fakeUpstream(failing);
  let sy: RunningServer;
  let key: string;

  before(async () => {
    await harness();
    await new Promise<void>((r) => upstream.server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
    // A second server on the same engine whose registry points the providers at the fake upstream.
    const env = {
      COHERE_API_KEY: 'ck', COHERE_BASE_URL: `${base}/cohere`, AZURE_API_KEY: 'ak', AZURE_BASE_URL: `${base}/azure`,
      VOYAGE_API_KEY: 'vk', VOYAGE_BASE_URL: `${base}/voyage`, JINA_API_KEY: 'jk', JINA_BASE_URL: `${base}/jina`,
    };
    sy = await serverWithProviders(env);
    key = (await newOrg('rerank')).key;
  });
  after(async () => {
    await sy?.close();
    upstream.server.close();
  });
  beforeEach(() => {
    failing.clear();
    upstream.seen.length = 0;
  });

  const rerank = (body: unknown) => api('POST', '/v1/rerank', { key, body, base: sy.url });

  it('ranks documents with Cohere: bare response, best first, the upstream called with the model id and key', async () => {
    const r = await rerank({ model: 'rerank-english-v3.0', query: 'which capital city is in France', documents: DOCS, return_documents: true });
    expect(r.status).to.equal(200);
    expect(validResponse(r.body), JSON.stringify(validResponse.errors)).to.equal(true);
    expect(r.body.object).to.equal('list');
    expect(r.body.provider).to.equal('cohere');
    expect(r.body.model).to.equal('rerank-english-v3.0');
    expect(r.body.results[0]).to.deep.include({ index: 2, document: { text: DOCS[2] } });
    expect(r.body.results.map((x: { index: number }) => x.index).sort()).to.deep.equal([0, 1, 2]);
    expect(upstream.seen[0]).to.deep.include({ path: '/cohere/v2/rerank', auth: 'Bearer ck' });
    expect(upstream.seen[0]!.body.model).to.equal('rerank-english-v3.0');
  });

  it('top_n limits the results; documents omitted unless return_documents; object documents accepted', async () => {
    const r = await rerank({ model: 'rerank-2.5', query: 'rerank documents', documents: DOCS.map((text) => ({ text })), top_n: 1 });
    expect(r.status).to.equal(200);
    expect(r.body.provider).to.equal('voyage');
    expect(r.body.results).to.deep.equal([{ index: 1, relevance_score: 0.2 }]);
    expect(r.body.usage).to.deep.equal({ input_tokens: 42 });
    expect(upstream.seen[0]!.body).to.deep.include({ top_k: 1, documents: DOCS });
  });

  it('task is passed to providers that take instructions (Voyage: prefixed to the query)', async () => {
    await rerank({ model: 'rerank-2.5', query: 'capital', documents: DOCS, task: 'Find geography facts' });
    expect(upstream.seen[0]!.body.query).to.equal('Find geography facts\ncapital');
  });

  it('Jina wire format', async () => {
    const r = await rerank({ model: 'jina-reranker-v2-base-multilingual', query: 'cat mat', documents: DOCS });
    expect(r.status).to.equal(200);
    expect(r.body.provider).to.equal('jina');
    expect(r.body.results[0].index).to.equal(0);
    expect(r.body.usage.input_tokens).to.equal(43);
  });

  it('falls over to the next deployment when one answers 5xx', async () => {
    const first = await rerank({ model: 'rerank-v3.5', query: 'cat', documents: DOCS });
    expect(first.status).to.equal(200);
    const served = first.body.provider as string;
    failing.add(served);
    const second = await rerank({ model: 'rerank-v3.5', query: 'cat', documents: DOCS });
    expect(second.status).to.equal(200);
    expect(second.body.provider).to.not.equal(served);
    expect(['cohere', 'azure']).to.include(second.body.provider);
  });

  it('502 naming the upstream error when every deployment fails', async () => {
    failing.add('cohere');
    const r = await rerank({ model: 'rerank-english-v3.0', query: 'cat', documents: DOCS });
    expect(r.status).to.equal(502);
    expect(r.body.data).to.equal(null);
    expect(r.body.error).to.contain('HTTP 503');
  });

  it('the call is logged: its id reads back with GET /v1/request/:id', async () => {
    const r = await rerank({ model: 'rerank-english-v3.0', query: 'cat', documents: DOCS });
    const got = await api('GET', `/v1/request/${r.body.id}`, { key, base: sy.url });
    expect(got.status).to.equal(200);
    expect(got.body.data).to.deep.include({ request_id: r.body.id, request_path: '/v1/rerank', provider: 'COHERE', model: 'rerank-english-v3.0' });
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ['missing model', { query: 'q', documents: ['a'] }, /^body\.model: is required/],
    ['empty query', { model: 'rerank-2.5', query: '', documents: ['a'] }, /^body\.query: /],
    ['empty documents', { model: 'rerank-2.5', query: 'q', documents: [] }, /^body\.documents: /],
    ['object without text', { model: 'rerank-2.5', query: 'q', documents: [{ title: 'x' }] }, /^body\.documents\.0/],
    ['top_n not an integer', { model: 'rerank-2.5', query: 'q', documents: ['a'], top_n: 1.5 }, /^body\.top_n: /],
    ['unknown field', { model: 'rerank-2.5', query: 'q', documents: ['a'], colour: 1 }, /^body\.colour: unknown field/],
    ['a chat model', { model: 'gpt-4o', query: 'q', documents: ['a'] }, /^body\.model: "gpt-4o" is not a rerank model/],
  ];
  for (const [what, body, msg] of bad) {
    it(`400 for ${what}`, async () => {
      const r = await rerank(body);
      expect(r.status).to.equal(400);
      expect(r.body.error).to.match(msg);
      expect(upstream.seen).to.have.length(0);
    });
  }

  it('503 with the reason when no deployment is configured (shared server has no provider keys)', async () => {
    const o = await newOrg();
    const r = await api('POST', '/v1/rerank', { key: o.key, body: { model: 'rerank-2.5', query: 'q', documents: ['a'] } });
    expect(r.status).to.equal(503);
    expect(r.body.error).to.contain('VOYAGE_API_KEY');
  });

  it('needs a key', async () => {
    expect((await api('POST', '/v1/rerank', { body: {}, base: sy.url })).status).to.equal(401);
  });
});

describe('built-in BM25 scorer', () => {
  it('ranks the document sharing rare query terms first, scores in [0, 1)', () => {
    const s = bm25Scores('capital of France', DOCS);
    expect(s.indexOf(Math.max(...s))).to.equal(2);
    for (const x of s) expect(x).to.be.at.least(0).and.below(1);
    expect(s[0]).to.equal(0);
  });
});

describe('POST /v1/rerank with the built-in svc scorer (declared in REGISTRY_FILE)', function () {
  this.timeout(60_000);
  let sy: RunningServer;
  let key: string;
  before(async () => {
    const h = await harness();
    const fs = await import('node:fs');
    const path = await import('node:path');
    const file = path.join(h.dataDir, 'registry-svc.json');
    fs.writeFileSync(file, JSON.stringify({
      models: [{
        id: 'svc-bm25', name: 'BM25 (built-in)', author: 'passthrough', description: 'Lexical reranker, no upstream',
        contextLength: 0, inputModalities: ['text'], outputModalities: ['rerank'],
        endpoints: [{
          provider: 'svc', author: 'passthrough', providerModelId: 'bm25',
          pricing: [{ threshold: 0, input: 0, output: 0 }], contextLength: 0, maxCompletionTokens: 0, ptbEnabled: true,
          supportedOperations: ['rerank'], supportedParameters: [], endpointConfigs: { '*': {} },
        }],
      }],
    }));
    sy = await startServer(testConfig({ REGISTRY_FILE: file }, h.dataDir), { db: h.db, logger: createLogger('silent') });
    key = (await newOrg('svc')).key;
  });
  after(async () => sy?.close());

  it('ranks with BM25 in process, no credential needed', async () => {
    const r = await api('POST', '/v1/rerank', {
      key, base: sy.url, body: { model: 'svc-bm25', query: 'capital of France', documents: DOCS, top_n: 2, return_documents: true },
    });
    expect(r.status).to.equal(200);
    expect(validResponse(r.body), JSON.stringify(validResponse.errors)).to.equal(true);
    expect(r.body).to.deep.include({ provider: 'svc', model: 'bm25' });
    expect(r.body.results).to.have.length(2);
    expect(r.body.results[0]).to.deep.include({ index: 2, document: { text: DOCS[2] } });
    expect(r.body.results[0].relevance_score).to.equal(bm25Scores('capital of France', DOCS)[2]);
    expect(r.body.usage.input_tokens).to.be.greaterThan(0);
  });
});
