// Model and token counts from the bodies of the three chat formats we understand: OpenAI chat completions,
// OpenAI responses and Anthropic messages. One convention for all (OpenAI's, and the registry pricing's):
// prompt tokens include cache reads and writes, completion tokens include reasoning, total = prompt + completion.

export type BodyFormat = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'unknown';

export interface Usage {
  prompt: number;
  completion: number;
  total: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
  promptAudio: number;
  completionAudio: number;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0);

/** Which API produced these bodies (response shape first, then request shape, then the path). */
export function detectFormat(request: unknown, response: unknown, path = ''): BodyFormat {
  if (isObj(response)) {
    if (response.object === 'chat.completion' || response.object === 'chat.completion.chunk') return 'openai-chat';
    if (response.object === 'response') return 'openai-responses';
    if (response.type === 'message' && Array.isArray(response.content)) return 'anthropic-messages';
  }
  if (isObj(request)) {
    if ('input' in request || ('instructions' in request && !('messages' in request))) return 'openai-responses';
    if (Array.isArray(request.messages)) {
      const anthropicLike =
        'system' in request ||
        ('max_tokens' in request && 'stop_sequences' in request) ||
        request.messages.some((m) => isObj(m) && Array.isArray(m.content) && m.content.some((c) => isObj(c) && (c.type === 'tool_use' || c.type === 'tool_result')));
      if (anthropicLike || /\/messages\b/.test(path)) return 'anthropic-messages';
      return 'openai-chat';
    }
  }
  if (/\/chat\/completions\b/.test(path)) return 'openai-chat';
  if (/\/responses\b/.test(path)) return 'openai-responses';
  if (/\/messages\b/.test(path)) return 'anthropic-messages';
  return 'unknown';
}

/** Token counts reported in a response body, or undefined when it reports none. */
export function usageFrom(format: BodyFormat, response: unknown): Usage | undefined {
  if (!isObj(response) || !isObj(response.usage)) return undefined;
  const u = response.usage;
  switch (format) {
    case 'openai-chat': {
      const pd = isObj(u.prompt_tokens_details) ? u.prompt_tokens_details : {};
      const cd = isObj(u.completion_tokens_details) ? u.completion_tokens_details : {};
      const prompt = num(u.prompt_tokens);
      const completion = num(u.completion_tokens);
      return {
        prompt, completion, cacheRead: num(pd.cached_tokens), cacheWrite: 0,
        total: num(u.total_tokens) || prompt + completion,
        reasoning: num(cd.reasoning_tokens), promptAudio: num(pd.audio_tokens), completionAudio: num(cd.audio_tokens),
      };
    }
    case 'openai-responses': {
      const id = isObj(u.input_tokens_details) ? u.input_tokens_details : {};
      const od = isObj(u.output_tokens_details) ? u.output_tokens_details : {};
      const prompt = num(u.input_tokens);
      const completion = num(u.output_tokens);
      return {
        prompt, completion, cacheRead: num(id.cached_tokens), cacheWrite: 0,
        total: num(u.total_tokens) || prompt + completion,
        reasoning: num(od.reasoning_tokens), promptAudio: 0, completionAudio: 0,
      };
    }
    case 'anthropic-messages':
    case 'unknown': {
      // Anthropic's input_tokens exclude cache reads and writes: add them. Unknown formats: try both spellings.
      const cacheRead = num(u.cache_read_input_tokens);
      const cacheWrite = num(u.cache_creation_input_tokens);
      const prompt = (num(u.input_tokens) || num(u.prompt_tokens)) + cacheRead + cacheWrite;
      const completion = num(u.output_tokens) || num(u.completion_tokens);
      return {
        prompt, completion, cacheRead, cacheWrite,
        total: num(u.total_tokens) || prompt + completion,
        reasoning: 0, promptAudio: 0, completionAudio: 0,
      };
    }
  }
}

/** The model named by the response (what actually answered), else by the request. */
export function modelsFrom(request: unknown, response: unknown): { requestModel: string; responseModel: string } {
  const pick = (v: unknown) => (isObj(v) && typeof v.model === 'string' ? v.model : '');
  return { requestModel: pick(request), responseModel: pick(response) };
}
