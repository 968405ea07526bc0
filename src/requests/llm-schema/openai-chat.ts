// OpenAI chat completions (request and response) -> llmSchema.
import type { LlmMessage, LlmRequest, LlmResponse } from '../../../schema/request-record.js';
import { arr, bool, compact, fromParts, isObj, num, stopList, str, toArgs, type Json } from './common.js';

export function chatContentParts(content: unknown, role?: string): LlmMessage[] {
  if (typeof content === 'string') return [{ _type: 'message', role, content }];
  return arr(content)
    .filter(isObj)
    .map((p): LlmMessage => {
      switch (p.type) {
        case 'text':
          return compact({ _type: 'message', role, content: str(p.text) ?? '' });
        case 'image_url':
          return compact({ _type: 'image', role, type: 'image_url', image_url: str(p.image_url?.url) ?? str(p.image_url), detail: str(p.image_url?.detail) });
        case 'input_audio':
          return compact({ _type: 'audio', role, type: 'input_audio', audio_data: str(p.input_audio?.data), mime_type: str(p.input_audio?.format) });
        case 'file':
          return compact({ _type: 'file', role, type: 'file', file_id: str(p.file?.file_id), filename: str(p.file?.filename), file_data: str(p.file?.file_data) });
        default:
          return compact({ _type: 'message', role, type: str(p.type), content: str(p.text) ?? '' });
      }
    });
}

function toolCalls(v: unknown): LlmMessage['tool_calls'] {
  return arr(v)
    .filter(isObj)
    .map((tc) => compact({ id: str(tc.id), name: str(tc.function?.name) ?? '', arguments: toArgs(tc.function?.arguments) }));
}

export function chatMessage(m: Json, extra: Partial<LlmMessage> = {}): LlmMessage {
  const role = str(m.role);
  const common = compact({ name: str(m.name), id: str(m.id), ...extra });
  if (Array.isArray(m.tool_calls) && m.tool_calls.length) {
    return compact({ _type: 'functionCall', role, content: typeof m.content === 'string' ? m.content : undefined, tool_calls: toolCalls(m.tool_calls), ...common });
  }
  if (role === 'tool' || role === 'function') {
    const text = typeof m.content === 'string' ? m.content : chatContentParts(m.content, role).map((p) => p.content ?? '').join('\n');
    return compact({ _type: 'function', role, content: text, tool_call_id: str(m.tool_call_id), ...common });
  }
  const reasoning = str(m.reasoning_content) ?? str(m.reasoning);
  const annotations = arr(m.annotations)
    .filter(isObj)
    .map((a) => compact({ type: str(a.type), title: str(a.url_citation?.title), url: str(a.url_citation?.url), content: str(a.url_citation?.content) }));
  return fromParts(role, chatContentParts(m.content, role), compact({ ...common, reasoning, ...(annotations.length ? { annotations } : {}) }));
}

export function chatRequest(body: Json): LlmRequest {
  const tc = body.tool_choice;
  const rf = body.response_format;
  return compact({
    llm_type: 'chat',
    model: str(body.model),
    messages: arr(body.messages).filter(isObj).map((m) => chatMessage(m)),
    max_tokens: num(body.max_completion_tokens) ?? num(body.max_tokens),
    temperature: num(body.temperature),
    top_p: num(body.top_p),
    seed: num(body.seed),
    stream: bool(body.stream),
    presence_penalty: num(body.presence_penalty),
    frequency_penalty: num(body.frequency_penalty),
    stop: stopList(body.stop),
    reasoning_effort: str(body.reasoning_effort),
    verbosity: str(body.verbosity),
    n: num(body.n),
    tools: Array.isArray(body.tools)
      ? body.tools.filter(isObj).map((t) => compact({ name: str(t.function?.name) ?? str(t.name) ?? '', description: str(t.function?.description), parameters: isObj(t.function?.parameters) ? t.function.parameters : undefined }))
      : undefined,
    parallel_tool_calls: bool(body.parallel_tool_calls),
    tool_choice: typeof tc === 'string' ? { type: tc } : isObj(tc) ? compact({ type: str(tc.type), name: str(tc.function?.name) }) : undefined,
    response_format: isObj(rf) ? compact({ type: str(rf.type), json_schema: rf.json_schema }) : undefined,
  });
}

export function chatResponse(body: Json): LlmResponse {
  return compact({
    model: str(body.model),
    messages: arr(body.choices)
      .filter(isObj)
      .map((c, i) => chatMessage(isObj(c.message) ? c.message : {}, compact({ finish_reason: str(c.finish_reason), idx: num(c.index) ?? i }))),
  });
}
