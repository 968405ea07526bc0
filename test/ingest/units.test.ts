// Pure pieces of ingestion: timestamps, exact money, token counts per body format, stream reassembly, headers.
import { expect } from 'chai';
import { ValidationError } from '../../src/errors.js';
import { fieldsFromHeaders } from '../../src/ingest/manual.js';
import { nanoToUsd, usdToNano } from '../../src/ingest/money.js';
import { assembleStream } from '../../src/ingest/stream.js';
import { fromDbTime, parseTimestamp, toDbTime } from '../../src/ingest/time.js';
import { detectFormat, usageFrom } from '../../src/ingest/usage.js';
import { anthropicMessages, openAiChat, openAiResponses } from './helpers.js';

describe('ingestion units', () => {
  describe('timestamps', () => {
    const ok: Array<[string | number, string]> = [
      ['2026-01-02T03:04:05Z', '2026-01-02 03:04:05.000'],
      ['2026-01-02T03:04:05.1Z', '2026-01-02 03:04:05.100'],
      ['2026-01-02T03:04:05.123999Z', '2026-01-02 03:04:05.123'],
      ['2026-01-02T03:04:05-05:30', '2026-01-02 08:34:05.000'],
      ['2026-01-02T03:04:05+0100', '2026-01-02 02:04:05.000'],
      ['2026-01-02', '2026-01-02 00:00:00.000'],
      ['2024-02-29 23:59:59.999', '2024-02-29 23:59:59.999'],
      [0, '1970-01-01 00:00:00.000'],
    ];
    for (const [input, want] of ok) {
      it(`${JSON.stringify(input)} -> ${want}`, () => expect(toDbTime(parseTimestamp(input, 'f'))).to.equal(want));
    }
    for (const bad of ['2026-02-30T00:00:00Z', '2025-02-29', '2026-01-02T24:00:00Z', 'yesterday', '2026-1-2', '1899-12-31T00:00:00Z', 1e16]) {
      it(`refuses ${JSON.stringify(bad)} naming the field`, () => {
        expect(() => parseTimestamp(bad, 'body.requests.2.request_created_at'))
          .to.throw(ValidationError)
          .with.property('field', 'body.requests.2.request_created_at');
      });
    }
    it('reads back as ISO 8601 with milliseconds and Z', () => expect(fromDbTime('2026-01-02 03:04:05.060')).to.equal('2026-01-02T03:04:05.060Z'));
  });

  describe('money (nano-USD)', () => {
    const cases: Array<[number, string]> = [
      [0, '0'], [0.000123, '123000'], [1e-7, '100'], [5e-10, '1'], [4.9e-10, '0'], [1.5e-9, '2'],
      [123.456, '123456000000'], [0.1234567895, '123456790'], [1e9, '1000000000000000000'],
    ];
    for (const [usd, nano] of cases) it(`${usd} USD = ${nano} nano-USD`, () => expect(usdToNano(usd)).to.equal(nano));
    it('round-trips to the same USD number', () => {
      for (const usd of [0.000123, 2.5, 0.012345679, 999.999999999]) expect(nanoToUsd(usdToNano(usd))).to.equal(usd);
    });
  });

  describe('token counts by body format (prompt includes cache, completion includes reasoning)', () => {
    it('OpenAI chat', () => {
      const f = detectFormat(openAiChat.request, openAiChat.response);
      expect(f).to.equal('openai-chat');
      expect(usageFrom(f, openAiChat.response)).to.deep.include({ prompt: 120, completion: 30, total: 150, cacheRead: 20 });
    });
    it('OpenAI responses', () => {
      const f = detectFormat(openAiResponses.request, openAiResponses.response);
      expect(f).to.equal('openai-responses');
      expect(usageFrom(f, openAiResponses.response)).to.deep.include({ prompt: 15, completion: 2, total: 17 });
    });
    it('Anthropic messages', () => {
      const f = detectFormat(anthropicMessages.request, anthropicMessages.response);
      expect(f).to.equal('anthropic-messages');
      expect(usageFrom(f, anthropicMessages.response)).to.deep.include({ prompt: 160, completion: 12, total: 172, cacheRead: 100, cacheWrite: 10 });
    });
    it('request shape or path when there is no response body', () => {
      expect(detectFormat({ model: 'm', input: 'hi' }, undefined)).to.equal('openai-responses');
      expect(detectFormat({ model: 'm', system: 's', messages: [] }, undefined)).to.equal('anthropic-messages');
      expect(detectFormat({ model: 'm', messages: [] }, undefined)).to.equal('openai-chat');
      expect(detectFormat(undefined, undefined, '/v1/messages')).to.equal('anthropic-messages');
      expect(detectFormat('text', 'text')).to.equal('unknown');
    });
  });

  describe('stream reassembly', () => {
    it('OpenAI chat chunks (SSE) with content, tool-call fragments and final usage', () => {
      const sse = [
        { id: 'c1', object: 'chat.completion.chunk', model: 'gpt-4o', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hel' } }] },
        { id: 'c1', object: 'chat.completion.chunk', model: 'gpt-4o', choices: [{ index: 0, delta: { content: 'lo' } }] },
        { id: 'c1', object: 'chat.completion.chunk', model: 'gpt-4o', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 't1', function: { name: 'f', arguments: '{"a"' } }] } }] },
        { id: 'c1', object: 'chat.completion.chunk', model: 'gpt-4o', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }, finish_reason: 'tool_calls' }] },
        { id: 'c1', object: 'chat.completion.chunk', model: 'gpt-4o', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } },
      ].map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
      const body = assembleStream(sse)!;
      expect(body.object).to.equal('chat.completion');
      expect(body.choices[0].message).to.deep.equal({ role: 'assistant', content: 'Hello', tool_calls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] });
      expect(body.choices[0].finish_reason).to.equal('tool_calls');
      expect(usageFrom('openai-chat', body)).to.deep.include({ prompt: 9, completion: 4, total: 13 });
    });
    it('OpenAI responses stream: the response.completed event carries the body', () => {
      const text = [{ type: 'response.output_text.delta', delta: 'x' }, { type: 'response.completed', response: openAiResponses.response }].map((e) => JSON.stringify(e)).join('\n');
      expect(assembleStream(text)).to.deep.equal(openAiResponses.response);
    });
    it('plain text is not a stream', () => expect(assembleStream('hello there')).to.equal(undefined));
  });

  describe('Core-* / Helicone-* headers', () => {
    it('keeps the sender\'s spelling of property names and maps sessions to Core-Session-*', () => {
      const f = fieldsFromHeaders(['Helicone-Property-CamelCase', 'v1', 'core-property-lower', 'v2', 'HELICONE-SESSION-ID', 's', 'Core-User-Id', 'u', 'Authorization', 'Bearer x', 'X-Other', 'y']);
      expect(f).to.deep.equal({ properties: { CamelCase: 'v1', lower: 'v2', 'Core-Session-Id': 's' }, request_user_id: 'u' });
    });
  });
});
