// The manual-logger routes, driven by a real client library: @helicone/helpers' HeliconeManualLogger pointed at
// the test server. Its logs land with their properties, session and user headers, model, tokens and latency.
import { expect } from 'chai';
import { HeliconeManualLogger } from '@helicone/helpers';
import { api, harness, newOrg } from '../helpers/harness.js';
import { anthropicMessages, openAiChat, rid } from './helpers.js';

describe('manual-logger compatibility (/custom|oai|anthropic/v1/log)', () => {
  it('HeliconeManualLogger.logRequest: an OpenAI chat call lands with properties, session, user, tokens and latency', async () => {
    const { org, key } = await newOrg();
    const { url, db } = await harness();
    const id = rid('hl');
    const logger = new HeliconeManualLogger({
      apiKey: key,
      loggingEndpoint: `${url}/custom/v1/log`,
      headers: {
        'Helicone-Request-Id': id,
        'Helicone-User-Id': 'user-7',
        'Helicone-Session-Id': 'sess-1',
        'Helicone-Session-Name': 'Checkout flow',
        'Helicone-Session-Path': '/checkout/pay',
        'Helicone-Property-Environment': 'staging',
      },
    });
    const answer = await logger.logRequest(
      openAiChat.request,
      async (recorder) => {
        await new Promise((r) => setTimeout(r, 40));
        recorder.appendResults(openAiChat.response);
        return 'done';
      },
      { 'Core-Property-Feature': 'search' },
      'OPENAI',
    );
    expect(answer).to.equal('done');

    const res = await api('GET', `/v1/request/${id}`, { key });
    expect(res.status, res.text).to.equal(200);
    const rec = res.body.data;
    expect(rec).to.include({
      provider: 'OPENAI', request_user_id: 'user-7', model: 'gpt-4o-mini-2024-07-18', request_model: 'gpt-4o-mini',
      prompt_tokens: 120, completion_tokens: 30, total_tokens: 150, prompt_cache_read_tokens: 20, response_status: 200,
      target_url: 'custom-model-nopath',
    });
    expect(rec.properties).to.deep.equal({
      Environment: 'staging', Feature: 'search',
      'Core-Session-Id': 'sess-1', 'Core-Session-Name': 'Checkout flow', 'Core-Session-Path': '/checkout/pay',
    });
    expect(rec.delay_ms).to.be.at.least(40);
    expect(Date.parse(rec.response_created_at) - Date.parse(rec.request_created_at)).to.equal(rec.delay_ms);
    expect(rec.request_body).to.deep.equal(openAiChat.request);
    expect(rec.llmSchema.response.messages[0].tool_calls[0]).to.deep.include({ name: 'lookup', arguments: { q: 'cat' } });
    expect(rec.costUSD).to.be.greaterThan(0);
    // Sessions are derived from the properties (materialised columns the session analytics group on).
    const [row] = await db.query<{ session_id: string; session_name: string }>(
      'SELECT session_id, session_name FROM request_response_rmt FINAL WHERE organization_id = {org:String} AND request_id = {id:String}',
      { org, id },
    );
    expect(row).to.deep.equal({ session_id: 'sess-1', session_name: 'Checkout flow' });
  });

  it('HeliconeManualLogger log builder: a streamed Anthropic response is reassembled (text, tokens, time to first token)', async () => {
    const { key } = await newOrg();
    const { url } = await harness();
    const id = rid('hl');
    const logger = new HeliconeManualLogger({ apiKey: key, loggingEndpoint: `${url}/custom/v1/log`, headers: { 'Helicone-Request-Id': id } });
    const events = [
      { type: 'message_start', message: { id: 'msg_s', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], usage: { input_tokens: 25, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ', world' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 7 } },
      { type: 'message_stop' },
    ];
    async function* upstream() {
      for (const e of events) {
        await new Promise((r) => setTimeout(r, 5));
        yield e;
      }
    }
    const builder = logger.logBuilder({ ...anthropicMessages.request, stream: true }, { 'Helicone-Property-Mode': 'stream' });
    const reader = builder.toReadableStream(upstream() as never).getReader();
    while (!(await reader.read()).done) {
      /* the application reads the stream */
    }
    await builder.sendLog();

    const rec = (await api('GET', `/v1/request/${id}`, { key })).body.data;
    expect(rec).to.include({ provider: 'CUSTOM', model: 'claude-sonnet-4-5', prompt_tokens: 25, completion_tokens: 7, total_tokens: 32 });
    expect(rec.properties).to.deep.equal({ Mode: 'stream' });
    expect(rec.time_to_first_token).to.be.at.least(0);
    expect(rec.response_body.content).to.deep.equal([{ type: 'text', text: 'Hello, world' }]);
    expect(rec.llmSchema.request.stream).to.equal(true);
    expect(rec.llmSchema.response.messages[0]).to.include({ role: 'assistant', content: 'Hello, world', finish_reason: 'end_turn' });
  });

  it('/anthropic/v1/log with Core-* headers: provider from the route, session and user from the headers', async () => {
    const { key } = await newOrg();
    const id = rid('an');
    const start = Date.UTC(2026, 0, 2, 3, 4, 5, 600);
    const res = await api('POST', '/anthropic/v1/log', {
      key,
      headers: { 'Core-Request-Id': id, 'Core-User-Id': 'u-9', 'Core-Session-Id': 's-9', 'Core-Property-Tier': 'gold' },
      body: {
        providerRequest: { url: 'https://api.anthropic.com/v1/messages', json: anthropicMessages.request, meta: {} },
        providerResponse: { headers: {}, status: 200, json: anthropicMessages.response },
        timing: { startTime: { seconds: Math.floor(start / 1000), milliseconds: 600 }, endTime: { seconds: Math.floor(start / 1000) + 2, milliseconds: 100 }, timeToFirstToken: 350 },
      },
    });
    expect(res.status, res.text).to.equal(202);
    expect(res.body.data).to.deep.equal({ accepted: 1, request_ids: [id] });
    const rec = (await api('GET', `/v1/request/${id}`, { key })).body.data;
    expect(rec).to.include({
      provider: 'ANTHROPIC', request_user_id: 'u-9', request_path: '/v1/messages', delay_ms: 1500, time_to_first_token: 350,
      request_created_at: '2026-01-02T03:04:05.600Z', response_created_at: '2026-01-02T03:04:07.100Z',
      prompt_tokens: 160, completion_tokens: 12, prompt_cache_read_tokens: 100, prompt_cache_write_tokens: 10,
    });
    expect(rec.properties).to.deep.equal({ Tier: 'gold', 'Core-Session-Id': 's-9' });
  });

  describe('bad input: 400 naming the field', () => {
    const body = {
      providerRequest: { url: 'x', json: {}, meta: {} },
      providerResponse: { headers: {}, status: 200, json: {} },
      timing: { startTime: { seconds: 1767225600, milliseconds: 0 }, endTime: { seconds: 1767225601, milliseconds: 0 } },
    };
    const cases: Array<[string, unknown, Record<string, string>, RegExp]> = [
      ['missing timing', { ...body, timing: undefined }, {}, /^body\.timing: is required$/],
      ['timing without endTime', { ...body, timing: { startTime: body.timing.startTime } }, {}, /^body\.timing\.endTime: is required$/],
      ['a start time past 2299', { ...body, timing: { ...body.timing, startTime: { seconds: 1e11 } } }, {}, /^body\.timing\.startTime: out of range/],
      ['status not an integer', { ...body, providerResponse: { status: 'ok' } }, {}, /^body\.providerResponse\.status: must be integer$/],
      ['request id with a space', body, { 'Helicone-Request-Id': 'a b' }, /^headers\.Helicone-Request-Id: must be 1\.\.256 printable characters/],
      ['property name too long', body, { [`Core-Property-${'x'.repeat(257)}`]: 'v' }, /^headers\.Core-Property-x+: property name must be 1\.\.256 characters$/],
    ];
    for (const [name, b, headers, message] of cases) {
      it(name, async () => {
        const { key } = await newOrg();
        const res = await api('POST', '/oai/v1/log', { key, body: b, headers });
        expect(res.status).to.equal(400);
        expect(res.body.error).to.match(message);
      });
    }
  });
});
