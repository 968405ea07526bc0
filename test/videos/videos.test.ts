// POST /v1/videos through real HTTP against fake OpenAI (Sora) and Google (Veo) upstreams on 127.0.0.1.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { envelopeOf } from '../../schema/common.js';
import { videoJobSchema } from '../../schema/videos.js';
import { compile } from '../../src/http/validate.js';
import type { RunningServer } from '../../src/server.js';
import { api, harness, newOrg, serverWithProviders } from '../helpers/harness.js';

const validJob = compile(envelopeOf(videoJobSchema));

describe('POST /v1/videos', function () {
  this.timeout(60_000);
  const seen: Array<{ url: string; headers: http.IncomingHttpHeaders; body: any }> = [];
  const failing = new Set<string>();
  const upstream = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      seen.push({ url: req.url!, headers: req.headers, body: JSON.parse(raw) });
      const which = req.url!.split('/')[1]!;
      if (failing.has(which)) return void res.writeHead(500).end('boom');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url!.endsWith('/v1/videos')) res.end(JSON.stringify({ id: `video_${seen.length}`, object: 'video', status: 'queued', progress: 0 }));
      else res.end(JSON.stringify({ name: `models/veo/operations/op${seen.length}` }));
    });
  });
  let sy: RunningServer;
  let key: string;

  before(async () => {
    await harness();
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const env = {
      OPENAI_API_KEY: 'ok', OPENAI_BASE_URL: `${base}/openai`, AZURE_API_KEY: 'az', AZURE_BASE_URL: `${base}/azure`,
      GOOGLE_API_KEY: 'gk', GOOGLE_BASE_URL: `${base}/google`,
    };
    sy = await serverWithProviders(env);
    key = (await newOrg('video')).key;
  });
  after(async () => {
    await sy?.close();
    upstream.close();
  });
  beforeEach(() => {
    seen.length = 0;
    failing.clear();
  });

  const submit = (body: unknown) => api('POST', '/v1/videos', { key, body, base: sy.url });

  it('submits to OpenAI Sora: 202 envelope with the job, upstream called with the model, seconds as a string, size', async () => {
    const r = await submit({ model: 'sora-2', prompt: 'a red fox in snow', seconds: 8, size: '1280x720' });
    expect(r.status).to.equal(202);
    expect(validJob(r.body), JSON.stringify(validJob.errors)).to.equal(true);
    expect(r.body.data).to.deep.include({ object: 'video', model: 'sora-2', status: 'submitting', seconds: 8 });
    expect(['openai', 'azure']).to.include(r.body.data.provider);
    const call = seen[0]!;
    expect(call.url).to.match(/^\/(openai|azure)\/v1\/videos$/);
    expect(call.body).to.deep.equal({ model: 'sora-2', prompt: 'a red fox in snow', seconds: '8', size: '1280x720' });
    expect(r.body.data.generation_id).to.equal('video_1');
    // Priced at $0.10 per second in the catalog.
    expect(r.body.data.estimated_cost_usd).to.be.closeTo(0.8, 1e-9);
  });

  it('the submission is logged with generation fields, readable with GET /v1/request/:id', async () => {
    const r = await submit({ model: 'sora-2', prompt: 'waves', seconds: 4 });
    const got = await api('GET', `/v1/request/${r.body.data.id}`, { key, base: sy.url });
    expect(got.status).to.equal(200);
    expect(got.body.data).to.deep.include({
      request_path: '/v1/videos', model: 'sora-2', generation_id: r.body.data.generation_id, generation_status: 'submitting',
    });
    expect(got.body.data.costUSD).to.be.closeTo(0.4, 1e-9);
  });

  it('Veo on Google: predictLongRunning with the API key header and mapped parameters', async () => {
    const r = await submit({
      model: 'veo-3.1-generate-preview', prompt: 'city timelapse', seconds: 6, aspect_ratio: '16:9', resolution: '1080p',
      negative_prompt: 'blur', frame_images: [{ frame: 'last', image: 'data:image/png;base64,QUJD' }],
    });
    expect(r.status, JSON.stringify(r.body)).to.equal(202);
    expect(r.body.data.provider).to.equal('google');
    const call = seen[0]!;
    expect(call.url).to.equal('/google/v1beta/models/veo-3.1-generate-preview:predictLongRunning');
    expect(call.headers['x-goog-api-key']).to.equal('gk');
    expect(call.body).to.deep.equal({
      instances: [{ prompt: 'city timelapse', lastFrame: { bytesBase64Encoded: 'QUJD' } }],
      parameters: { aspectRatio: '16:9', resolution: '1080p', durationSeconds: 6, negativePrompt: 'blur' },
    });
    expect(r.body.data.generation_id).to.match(/^models\/veo\/operations\/op/);
  });

  it('falls over to the other deployment on a 5xx', async () => {
    const first = await submit({ model: 'sora-2', prompt: 'x' });
    const served = first.body.data.provider as string;
    failing.add(served);
    const second = await submit({ model: 'sora-2', prompt: 'x' });
    expect(second.status).to.equal(202);
    expect(second.body.data.provider).to.not.equal(served);
  });

  const refused: Array<[string, object, RegExp]> = [
    ['a field outside the contract', { model: 'sora-2', prompt: 'x', aspect_ratio: '16:9' }, /^body\.aspect_ratio: not accepted by this model's endpoint \(accepted: model, prompt, seconds, size, input_reference\)/],
    ['a duration not offered', { model: 'sora-2', prompt: 'x', seconds: 5 }, /^body\.seconds: must be one of 4, 8, 12/],
    ['a size not offered', { model: 'sora-2', prompt: 'x', size: '640x480' }, /^body\.size: must be one of "720x1280", "1280x720"/],
    ['a frame not offered', { model: 'veo-3.1-generate-preview', prompt: 'x', frame_images: [{ frame: 'middle', image: 'a' }] }, /^body\.frame_images\.0\.frame: must be one of "first", "last"/],
    ['a chat model', { model: 'gpt-4o', prompt: 'x' }, /^body\.model: "gpt-4o" is not a video model/],
    ['no prompt', { model: 'sora-2' }, /^body\.prompt: is required/],
    ['seconds of the wrong type', { model: 'sora-2', prompt: 'x', seconds: true }, /^body\.seconds: /],
  ];
  for (const [what, body, msg] of refused) {
    it(`400 for ${what}, nothing sent upstream`, async () => {
      const r = await submit(body);
      expect(r.status).to.equal(400);
      expect(r.body.error).to.match(msg);
      expect(seen).to.have.length(0);
    });
  }

  it('503 naming what to configure when no deployment has credentials (shared server)', async () => {
    const o = await newOrg();
    const r = await api('POST', '/v1/videos', { key: o.key, body: { model: 'sora-2', prompt: 'x' } });
    expect(r.status).to.equal(503);
    expect(r.body.error).to.contain('OPENAI_API_KEY');
  });
});
