// Helpers of the ingestion and request tests: row counts straight from the engine, polling, sample bodies.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../src/config.js';
import { harness, testConfig } from '../helpers/harness.js';

/** Config of a second app on the shared engine: same data directory (no stray temp directories), other settings. */
export async function sharedConfig(extra: Record<string, string>): Promise<Config> {
  return testConfig(extra, (await harness()).dataDir);
}

/** Rows of an organisation: deduplicated (what analytics see) and raw (every inserted copy). */
export async function countRows(org: string): Promise<{ final: number; raw: number; lookup: number }> {
  const { db } = await harness();
  const [final] = await db.query<{ n: string }>('SELECT count() AS n FROM request_response_rmt FINAL WHERE organization_id = {org:String}', { org });
  const [raw] = await db.query<{ n: string }>('SELECT count() AS n FROM request_response_rmt WHERE organization_id = {org:String}', { org });
  const [lookup] = await db.query<{ n: string }>('SELECT count() AS n FROM request_lookup FINAL WHERE organization_id = {org:String}', { org });
  return { final: Number(final!.n), raw: Number(raw!.n), lookup: Number(lookup!.n) };
}

/** Polls until `check` returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const rid = (label = 'req') => `${label}-${randomBytes(8).toString('hex')}`;

/** A unique Redis key prefix per test run, so parallel runs never share queues. */
export const testPrefix = () => `sy-test-${randomBytes(5).toString('hex')}`;

export const openAiChat = {
  request: {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: [{ type: 'text', text: 'What is in this image?' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.png', detail: 'low' } }] },
    ],
    temperature: 0.2,
    max_tokens: 64,
    stop: 'END',
    tools: [{ type: 'function', function: { name: 'lookup', description: 'Look something up', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }],
    tool_choice: 'auto',
  },
  response: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1767225600,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } }] },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150, prompt_tokens_details: { cached_tokens: 20 } },
  },
};

export const anthropicMessages = {
  request: {
    model: 'claude-sonnet-4-5',
    system: 'Be brief.',
    max_tokens: 256,
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'tu_1', name: 'weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu_1', content: 'Sunny, 21C' }] },
    ],
    tools: [{ name: 'weather', description: 'Current weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
  },
  response: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content: [{ type: 'text', text: 'It is sunny and 21C in Paris.' }],
    stop_reason: 'end_turn',
    usage: { input_tokens: 50, output_tokens: 12, cache_read_input_tokens: 100, cache_creation_input_tokens: 10 },
  },
};

export const openAiResponses = {
  request: {
    model: 'gpt-4.1',
    instructions: 'Answer in one word.',
    input: [{ role: 'user', content: [{ type: 'input_text', text: 'Capital of France?' }] }],
    max_output_tokens: 20,
    reasoning: { effort: 'low' },
    text: { verbosity: 'low', format: { type: 'text' } },
  },
  response: {
    id: 'resp_1',
    object: 'response',
    model: 'gpt-4.1-2025-04-14',
    instructions: 'Answer in one word.',
    output: [
      { type: 'message', id: 'msg_a', role: 'assistant', content: [{ type: 'output_text', text: 'Paris', annotations: [] }] },
      { type: 'function_call', id: 'fc_1', call_id: 'call_9', name: 'noop', arguments: '{}' },
    ],
    usage: { input_tokens: 15, output_tokens: 2, total_tokens: 17, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
  },
};
