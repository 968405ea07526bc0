// POST /v1/rerank when the upstream answers 200 with something odd: never a 500, never a response (or a logged
// request) that breaks the contract. A fake Cohere on 127.0.0.1 answers whatever the test sets.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rerankResponseSchema } from '../../schema/rerank.js';
import { compile } from '../../src/http/validate.js';
import type { RunningServer } from '../../src/server.js';
import { api, harness, newOrg, serverWithProviders } from '../helpers/harness.js';

const validResponse = compile(rerankResponseSchema);

describe('POST /v1/rerank: odd upstream answers', function () {
  this.timeout(60_000);
  let answer = '';
  const upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  });
  let sy: RunningServer;
  let key: string;

  before(async () => {
    await harness();
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const env = { COHERE_API_KEY: 'ck', COHERE_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` };
    sy = await serverWithProviders(env);
    key = (await newOrg('rerank-odd')).key;
  });
  after(async () => {
    await sy?.close();
    upstream.close();
  });

  const rerank = (model: string) => api('POST', '/v1/rerank', { key, base: sy.url, body: { model, query: 'q', documents: ['a', 'b'] } });

  it('a token count that is not a non-negative integer is replaced by the estimate, and the call is logged', async () => {
    for (const reported of ['"12"', '1e300', '-5', '2.5']) {
      answer = `{"results":[{"index":1,"relevance_score":0.9},{"index":0,"relevance_score":0.1}],"meta":{"tokens":{"input_tokens":${reported}}}}`;
      const r = await rerank('rerank-v3.5');
      expect(r.status, r.text).to.equal(200);
      expect(validResponse(r.body), `${reported}: ${r.text}`).to.equal(true);
      expect(r.body.usage.input_tokens).to.be.a('number').and.satisfy(Number.isSafeInteger).and.be.at.least(0);
      const logged = await api('GET', `/v1/request/${r.body.id}`, { key, base: sy.url });
      expect(logged.status, `${reported}: the call was not logged`).to.equal(200);
      expect(logged.body.data.prompt_tokens).to.equal(r.body.usage.input_tokens);
    }
  });

  it('null or a bare value is a 502 naming the provider, not a 500', async () => {
    for (const body of ['null', '"ok"', '7']) {
      answer = body;
      const r = await rerank('rerank-english-v3.0');
      expect(r.status, `${body}: ${r.text}`).to.equal(502);
      expect(r.body.error).to.contain('cohere: response is not a JSON object');
      answer = '{"results":[{"index":0,"relevance_score":1}]}';
      expect((await rerank('rerank-english-v3.0')).status).to.equal(200); // clears the cooldown count
    }
  });

  it('a document scored twice is a broken answer (502), not two results', async () => {
    answer = '{"results":[{"index":0,"relevance_score":0.9},{"index":0,"relevance_score":0.1}]}';
    const r = await rerank('rerank-multilingual-v3.0');
    expect(r.status, r.text).to.equal(502);
    expect(r.body.error).to.contain('document 0 scored twice');
  });
});
