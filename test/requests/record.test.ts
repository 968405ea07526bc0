// GET /v1/request/{id} (spec 4.5): the full record of spec 2.4, checked against its JSON Schema, with llmSchema
// mapped from OpenAI chat, OpenAI responses and Anthropic messages bodies.
import { expect } from 'chai';
import { requestRecordSchema } from '../../schema/request-record.js';
import { compile } from '../../src/http/validate.js';
import { READ_ONE_SQL } from '../../src/requests/store.js';
import { api, harness, newOrg } from '../helpers/harness.js';
import { anthropicMessages, openAiChat, openAiResponses, rid } from '../ingest/helpers.js';

const validate = compile(requestRecordSchema);

function expectValidRecord(rec: unknown) {
  const ok = validate(rec);
  expect(ok, JSON.stringify(validate.errors)).to.equal(true);
}

async function logAndGet(key: string, record: Record<string, unknown>) {
  const id = rid();
  const res = await api('POST', '/v1/log/request', { key, body: { request_id: id, ...record } });
  expect(res.status, res.text).to.equal(202);
  const got = await api('GET', `/v1/request/${id}`, { key });
  expect(got.status, got.text).to.equal(200);
  expect(Object.keys(got.body)).to.deep.equal(['data', 'error']);
  expectValidRecord(got.body.data);
  return got.body.data;
}

describe('GET /v1/request/{requestId}', () => {
  it('returns every field of spec 2.4 with its type, as logged (full record)', async () => {
    const { key, keyId } = await newOrg();
    const full = {
      request_created_at: '2026-05-06T07:08:09.010Z',
      request_path: '/v1/chat/completions',
      request_user_id: 'user-42',
      request_model: 'gpt-4o-mini',
      model_override: 'gpt-4o-mini-override',
      request_body: openAiChat.request,
      request_referrer: 'https://app.example.com',
      target_url: 'https://api.openai.com/v1/chat/completions',
      country_code: 'FR',
      response_id: 'chatcmpl-1',
      response_created_at: '2026-05-06T07:08:10.500Z',
      response_model: 'gpt-4o-mini-2024-07-18',
      response_status: 200,
      response_body: openAiChat.response,
      provider: 'openai',
      model: 'gpt-4o-mini',
      delay_ms: 1490,
      time_to_first_token: 300,
      total_tokens: 150,
      prompt_tokens: 120,
      prompt_cache_write_tokens: 0,
      prompt_cache_read_tokens: 20,
      completion_tokens: 30,
      prompt_audio_tokens: 1,
      completion_audio_tokens: 2,
      reasoning_tokens: 3,
      cost: 0.0123456789,
      properties: { env: 'prod', 'Core-Session-Id': 's-1' },
      request_properties: { team: 'search' },
      scores: { accuracy: 0.75 },
      asset_urls: { a1: 'https://cdn.example.com/a1.png' },
      asset_ids: ['a1'],
      prompt_id: 'p-1',
      prompt_version: '1.0',
      cache_reference_id: 'cache-1',
      cache_enabled: true,
      ai_gateway_body_mapping: 'OPENAI',
      billing_present: true,
      is_passthrough_billing: false,
      billing_source: 'stripe',
      billing_status: 'paid',
      customer_charge_usd: '0.02',
      feedback_rating: true,
      feedback_created_at: '2026-05-06T08:00:00Z',
      feedback_id: 'fb-1',
      signed_body_url: 'https://bodies.example.com/x',
      storage_location: 'eu',
      generation_id: 'gen-1',
      generation_cost: '0.5',
      generation_status: 'submitting',
      generation_output_count: 1,
      generation_outputs: [{ size_bytes: 1024, content_type: 'video/mp4', download_url: 'https://d/1', url: 'https://u/1', index: 0 }],
      generation_error: { message: 'none', code: '0' },
    };
    const rec = await logAndGet(key, full);
    expect(Object.keys(rec).sort()).to.deep.equal([...requestRecordSchema.required].sort());
    const { properties, request_properties, cost, provider, request_created_at, response_created_at, ...same } = full;
    for (const [k, v] of Object.entries(same)) expect(rec[k], k).to.deep.equal(v);
    expect(rec.provider).to.equal('OPENAI');
    expect(rec.request_created_at).to.equal(request_created_at);
    expect(rec.response_created_at).to.equal(response_created_at);
    expect(rec.cost).to.equal(0.012345679); // stored exactly in nano-USD
    expect(rec.costUSD).to.equal(0.012345679);
    expect(rec.properties).to.deep.equal({ team: 'search', env: 'prod', 'Core-Session-Id': 's-1' });
    expect(rec.request_properties).to.deep.equal(rec.properties);
    expect(rec.assets).to.deep.equal(['a1']);
    expect(rec.core_user).to.equal(keyId);
    expect(Date.parse(rec.updated_at)).to.be.greaterThan(Date.now() - 60_000);
  });

  it('fills every field for a minimal record too (defaults of the right type)', async () => {
    const { key } = await newOrg();
    const rec = await logAndGet(key, {});
    expect(rec).to.include({ request_body: null, response_body: null, cost: 0, costUSD: 0, feedback_rating: false, provider: '', response_status: 0 });
    expect(rec.generation_outputs).to.deep.equal([]);
    expect(rec.generation_error).to.deep.equal({ message: '', code: '' });
    expect(rec.response_created_at).to.equal(rec.request_created_at);
  });

  it('maps an OpenAI chat completion into llmSchema (messages, image part, tools, tool calls, parameters)', async () => {
    const { key } = await newOrg();
    const rec = await logAndGet(key, { provider: 'OPENAI', request_body: openAiChat.request, response_body: openAiChat.response });
    const { request, response } = rec.llmSchema;
    expect(request).to.deep.include({ llm_type: 'chat', provider: 'OPENAI', model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 64, stop: ['END'] });
    expect(request.tool_choice).to.deep.equal({ type: 'auto' });
    expect(request.tools).to.deep.equal([{ name: 'lookup', description: 'Look something up', parameters: { type: 'object', properties: { q: { type: 'string' } } } }]);
    expect(request.messages[0]).to.deep.equal({ _type: 'message', role: 'system', content: 'You are terse.' });
    expect(request.messages[1]).to.include({ _type: 'contentArray', role: 'user', content: 'What is in this image?' });
    expect(request.messages[1].contentArray[1]).to.include({ _type: 'image', image_url: 'https://example.com/cat.png', detail: 'low' });
    expect(response.model).to.equal('gpt-4o-mini-2024-07-18');
    expect(response.messages).to.have.length(1);
    expect(response.messages[0]).to.deep.include({ _type: 'functionCall', role: 'assistant', finish_reason: 'tool_calls' });
    expect(response.messages[0].tool_calls).to.deep.equal([{ id: 'call_1', name: 'lookup', arguments: { q: 'cat' } }]);
  });

  it('maps an OpenAI responses call (instructions, input items, output items, reasoning effort, verbosity)', async () => {
    const { key } = await newOrg();
    const rec = await logAndGet(key, { provider: 'OPENAI', request_path: '/v1/responses', request_body: openAiResponses.request, response_body: openAiResponses.response });
    const { request, response } = rec.llmSchema;
    expect(request).to.deep.include({ llm_type: 'chat', model: 'gpt-4.1', instructions: 'Answer in one word.', max_tokens: 20, reasoning_effort: 'low', verbosity: 'low' });
    expect(request.messages).to.deep.equal([{ _type: 'message', role: 'user', content: 'Capital of France?' }]);
    expect(response.instructions).to.equal('Answer in one word.');
    expect(response.responses[0]).to.deep.include({ type: 'message', role: 'assistant', text: 'Paris', _type: 'message' });
    expect(response.responses[1]).to.deep.include({ type: 'function_call', _type: 'functionCall' });
    expect(response.responses[1].tool_calls).to.deep.equal([{ id: 'call_9', name: 'noop', arguments: {} }]);
    expect(rec).to.include({ prompt_tokens: 15, completion_tokens: 2, total_tokens: 17, model: 'gpt-4.1-2025-04-14' });
  });

  it('maps Anthropic messages (system, tool_use, tool_result) and counts cache tokens', async () => {
    const { key } = await newOrg();
    const rec = await logAndGet(key, { provider: 'anthropic', request_body: anthropicMessages.request, response_body: anthropicMessages.response });
    const { request, response } = rec.llmSchema;
    expect(request).to.deep.include({ llm_type: 'chat', model: 'claude-sonnet-4-5', max_tokens: 256, provider: 'ANTHROPIC' });
    expect(request.tools).to.deep.equal([{ name: 'weather', description: 'Current weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]);
    expect(request.messages.map((m: { role: string; _type: string }) => [m.role, m._type])).to.deep.equal([
      ['system', 'message'],
      ['user', 'message'],
      ['assistant', 'functionCall'],
      ['tool', 'function'],
    ]);
    expect(request.messages[2].tool_calls).to.deep.equal([{ id: 'tu_1', name: 'weather', arguments: { city: 'Paris' } }]);
    expect(request.messages[3]).to.include({ tool_call_id: 'tu_1', content: 'Sunny, 21C' });
    expect(response.messages[0]).to.include({ role: 'assistant', content: 'It is sunny and 21C in Paris.', finish_reason: 'end_turn' });
    // Prompt tokens include cache reads and writes (50 + 100 + 10).
    expect(rec).to.include({ prompt_tokens: 160, completion_tokens: 12, total_tokens: 172, prompt_cache_read_tokens: 100, prompt_cache_write_tokens: 10 });
  });

  it('reports an upstream error in llmSchema.response.error', async () => {
    const { key } = await newOrg();
    const error = { message: 'Rate limit reached', type: 'rate_limit_error' };
    const rec = await logAndGet(key, { provider: 'OPENAI', response_status: 429, request_body: openAiChat.request, response_body: { error } });
    expect(rec.llmSchema.response.error).to.deep.equal({ coreMessage: error });
  });

  it('404 envelope for an unknown id and for another organisation\'s id', async () => {
    const a = await newOrg();
    const b = await newOrg();
    const id = rid();
    await api('POST', '/v1/log/request', { key: a.key, body: { request_id: id } });
    expect((await api('GET', `/v1/request/${id}`, { key: a.key })).status).to.equal(200);
    for (const [key, reqId] of [[b.key, id], [a.key, rid()], [a.key, "x' OR 1=1 --"], [a.key, "x'"]] as const) {
      const res = await api('GET', `/v1/request/${encodeURIComponent(reqId)}`, { key });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ data: null, error: `request ${reqId} not found` });
    }
    const long = 'x'.repeat(5_000);
    const res = await api('GET', `/v1/request/${long}`, { key: a.key });
    expect(res.status).to.equal(404);
    expect(res.body.error).to.equal(`request ${'x'.repeat(300)}… not found`);
  });

  it('reads one request through the lookup table without scanning the organisation (EXPLAIN)', async () => {
    const { db } = await harness();
    const rows = await db.query<{ explain: string }>(`EXPLAIN indexes = 1 ${READ_ONE_SQL}`, { org: 'o', id: 'i' });
    const plan = rows.map((r) => r.explain).join('\n');
    // The primary key condition of the main table uses the time set from the lookup (point read, not a scan).
    expect(plan).to.match(/PrimaryKey[\s\S]*Condition: .*request_created_at in \d+-element set/);
  });
});
