// Anthropic messages API (request and response) -> llmSchema.
import type { LlmMessage, LlmRequest, LlmResponse } from '../../../schema/request-record.js';
import { arr, bool, compact, fromParts, isObj, num, stopList, str, type Json } from './common.js';

function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  return arr(content)
    .filter(isObj)
    .map((b) => str(b.text) ?? '')
    .join('\n');
}

function imageUrl(source: Json | undefined): string | undefined {
  if (!isObj(source)) return undefined;
  if (source.type === 'url') return str(source.url);
  if (source.type === 'base64' && typeof source.data === 'string') return `data:${source.media_type ?? 'application/octet-stream'};base64,${source.data}`;
  return undefined;
}

/** One API message may hold tool results next to text: they become separate messages, as in OpenAI's shape. */
function messagesOf(m: Json): LlmMessage[] {
  const role = str(m.role);
  if (typeof m.content === 'string') return [{ _type: 'message', role, content: m.content }];
  const blocks = arr(m.content).filter(isObj);
  const out: LlmMessage[] = [];
  const parts: LlmMessage[] = [];
  const calls: NonNullable<LlmMessage['tool_calls']> = [];
  let reasoning = '';
  for (const b of blocks) {
    switch (b.type) {
      case 'text':
        parts.push({ _type: 'message', role, content: str(b.text) ?? '' });
        break;
      case 'image':
        parts.push(compact({ _type: 'image', role, type: 'image', image_url: imageUrl(b.source), mime_type: str(b.source?.media_type) }));
        break;
      case 'document':
        parts.push(compact({ _type: 'file', role, type: 'document', file_data: str(b.source?.data), mime_type: str(b.source?.media_type) }));
        break;
      case 'tool_use':
        calls.push(compact({ id: str(b.id), name: str(b.name) ?? '', arguments: isObj(b.input) ? b.input : {} }));
        break;
      case 'tool_result':
        out.push(compact({ _type: 'function', role: 'tool', tool_call_id: str(b.tool_use_id), content: blockText(b.content) }));
        break;
      case 'thinking':
        reasoning += str(b.thinking) ?? '';
        break;
      default:
        parts.push(compact({ _type: 'message', role, type: str(b.type), content: str(b.text) ?? '' }));
    }
  }
  if (calls.length) {
    out.push(compact({ _type: 'functionCall', role, content: parts.map((p) => p.content ?? '').join('\n'), tool_calls: calls, reasoning: reasoning || undefined }));
  } else if (parts.length || reasoning || !out.length) {
    out.unshift(fromParts(role, parts, compact({ reasoning: reasoning || undefined })));
  }
  return out;
}

export function anthropicRequest(body: Json): LlmRequest {
  const system = body.system === undefined ? [] : [{ _type: 'message', role: 'system', content: blockText(body.system) } as LlmMessage];
  const tc = body.tool_choice;
  return compact({
    llm_type: 'chat',
    model: str(body.model),
    messages: [...system, ...arr(body.messages).filter(isObj).flatMap(messagesOf)],
    max_tokens: num(body.max_tokens),
    temperature: num(body.temperature),
    top_p: num(body.top_p),
    stream: bool(body.stream),
    stop: stopList(body.stop_sequences),
    tools: Array.isArray(body.tools)
      ? body.tools.filter(isObj).map((t) => compact({ name: str(t.name) ?? '', description: str(t.description), parameters: isObj(t.input_schema) ? t.input_schema : undefined }))
      : undefined,
    tool_choice: isObj(tc) ? compact({ type: str(tc.type), name: str(tc.name) }) : undefined,
    parallel_tool_calls: isObj(tc) && typeof tc.disable_parallel_tool_use === 'boolean' ? !tc.disable_parallel_tool_use : undefined,
  });
}

export function anthropicResponse(body: Json): LlmResponse {
  const messages = messagesOf({ role: body.role ?? 'assistant', content: body.content }).map((m) =>
    compact({ ...m, id: str(body.id), finish_reason: str(body.stop_reason) }),
  );
  return compact({ model: str(body.model), messages });
}
