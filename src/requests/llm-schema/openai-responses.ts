// OpenAI responses API (request and response) -> llmSchema.
import type { LlmMessage, LlmRequest, LlmResponse, LlmResponseItem } from '../../../schema/request-record.js';
import { arr, bool, compact, fromParts, isObj, num, str, toArgs, type Json } from './common.js';

function inputParts(content: unknown, role?: string): LlmMessage[] {
  if (typeof content === 'string') return [{ _type: 'message', role, content }];
  return arr(content)
    .filter(isObj)
    .map((p): LlmMessage => {
      switch (p.type) {
        case 'input_text':
        case 'output_text':
        case 'text':
          return compact({ _type: 'message', role, content: str(p.text) ?? '' });
        case 'input_image':
          return compact({ _type: 'image', role, type: 'input_image', image_url: str(p.image_url), file_id: str(p.file_id), detail: str(p.detail) });
        case 'input_file':
          return compact({ _type: 'file', role, type: 'input_file', file_id: str(p.file_id), filename: str(p.filename), file_data: str(p.file_data) });
        case 'input_audio':
          return compact({ _type: 'audio', role, type: 'input_audio', audio_data: str(p.input_audio?.data), mime_type: str(p.input_audio?.format) });
        default:
          return compact({ _type: 'message', role, type: str(p.type), content: str(p.text) ?? '' });
      }
    });
}

/** An input or output item of the responses API as a message. */
function itemMessage(item: Json): LlmMessage | undefined {
  switch (item.type) {
    case 'function_call':
      return compact({
        _type: 'functionCall', role: 'assistant', id: str(item.id),
        tool_calls: [compact({ id: str(item.call_id) ?? str(item.id), name: str(item.name) ?? '', arguments: toArgs(item.arguments) })],
      });
    case 'function_call_output':
      return compact({ _type: 'function', role: 'tool', tool_call_id: str(item.call_id), content: typeof item.output === 'string' ? item.output : JSON.stringify(item.output ?? '') });
    case 'reasoning':
      return compact({ _type: 'message', role: 'assistant', id: str(item.id), reasoning: arr(item.summary).filter(isObj).map((s) => str(s.text) ?? '').join('\n'), content: '' });
    case 'message':
    case undefined:
      if (item.role === undefined && item.content === undefined) return undefined;
      return fromParts(str(item.role), inputParts(item.content, str(item.role)), compact({ id: str(item.id) }));
    default:
      return compact({ _type: 'message', type: str(item.type), id: str(item.id), role: str(item.role), content: '' });
  }
}

function responseItem(item: Json): LlmResponseItem {
  const m = itemMessage(item) ?? {};
  const text = item.type === 'message' ? arr(item.content).filter(isObj).map((c) => str(c.text) ?? '').join('') : m.content;
  return compact({
    type: str(item.type), role: m.role, _type: m._type, id: str(item.id), text, tool_calls: m.tool_calls,
    tool_call_id: m.tool_call_id, contentArray: m.contentArray,
  });
}

export function responsesRequest(body: Json): LlmRequest {
  const input = body.input;
  const messages = typeof input === 'string' ? [{ _type: 'message', role: 'user', content: input }] : arr(input).filter(isObj).map(itemMessage).filter((m): m is LlmMessage => !!m);
  const tc = body.tool_choice;
  const format = isObj(body.text) && isObj(body.text.format) ? body.text.format : undefined;
  return compact({
    llm_type: 'chat',
    model: str(body.model),
    instructions: str(body.instructions),
    input: typeof input === 'string' ? input : undefined,
    messages,
    max_tokens: num(body.max_output_tokens),
    temperature: num(body.temperature),
    top_p: num(body.top_p),
    stream: bool(body.stream),
    reasoning_effort: isObj(body.reasoning) ? str(body.reasoning.effort) : undefined,
    verbosity: isObj(body.text) ? str(body.text.verbosity) : undefined,
    tools: Array.isArray(body.tools)
      ? body.tools.filter(isObj).map((t) => compact({ name: str(t.name) ?? str(t.type) ?? '', description: str(t.description), parameters: isObj(t.parameters) ? t.parameters : undefined }))
      : undefined,
    parallel_tool_calls: bool(body.parallel_tool_calls),
    tool_choice: typeof tc === 'string' ? { type: tc } : isObj(tc) ? compact({ type: str(tc.type), name: str(tc.name) }) : undefined,
    response_format: format ? compact({ type: str(format.type), json_schema: format.schema ?? (format.type === 'json_schema' ? format : undefined) }) : undefined,
  });
}

export function responsesResponse(body: Json): LlmResponse {
  const output = arr(body.output).filter(isObj);
  return compact({
    model: str(body.model),
    instructions: str(body.instructions),
    responses: output.map(responseItem),
    messages: output.map(itemMessage).filter((m): m is LlmMessage => !!m),
  });
}
