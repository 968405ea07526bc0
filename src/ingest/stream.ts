// A streamed response arrives as text: JSON chunks one per line (what manual loggers record) or server-sent events
// (`data: {...}`). Reassemble it into the body the non-streaming API would have returned, so model, tokens and
// llmSchema come out the same either way. Anything else stays text.
type Json = Record<string, any>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseEvents(text: string): Json[] {
  const events: Json[] = [];
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (line.startsWith('data:')) line = line.slice(5).trim();
    if (!line.startsWith('{')) continue;
    try {
      const v = JSON.parse(line);
      if (isObj(v)) events.push(v);
    } catch {
      /* not a JSON line: skip */
    }
  }
  return events;
}

function chatFromChunks(chunks: Json[]): Json {
  const first = chunks[0]!;
  const byIndex = new Map<number, { content: string; role: string; finish_reason: string | null; tool_calls: Json[] }>();
  let usage: Json | undefined;
  for (const c of chunks) {
    if (isObj(c.usage)) usage = c.usage;
    for (const ch of Array.isArray(c.choices) ? c.choices : []) {
      const i = typeof ch.index === 'number' ? ch.index : 0;
      const acc = byIndex.get(i) ?? { content: '', role: 'assistant', finish_reason: null, tool_calls: [] };
      const d = isObj(ch.delta) ? ch.delta : {};
      if (typeof d.role === 'string') acc.role = d.role;
      if (typeof d.content === 'string') acc.content += d.content;
      for (const tc of Array.isArray(d.tool_calls) ? d.tool_calls : []) {
        const at = typeof tc.index === 'number' ? tc.index : acc.tool_calls.length;
        const cur = (acc.tool_calls[at] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
        if (tc.id) cur.id = tc.id;
        if (tc.function?.name) cur.function.name += tc.function.name;
        if (tc.function?.arguments) cur.function.arguments += tc.function.arguments;
      }
      if (ch.finish_reason) acc.finish_reason = ch.finish_reason;
      byIndex.set(i, acc);
    }
  }
  return {
    id: first.id, object: 'chat.completion', created: first.created, model: first.model,
    choices: [...byIndex.entries()].map(([index, a]) => ({
      index,
      message: { role: a.role, content: a.content, ...(a.tool_calls.length ? { tool_calls: a.tool_calls.filter(Boolean) } : {}) },
      finish_reason: a.finish_reason,
    })),
    ...(usage ? { usage } : {}),
  };
}

function anthropicFromEvents(events: Json[]): Json | undefined {
  const start = events.find((e) => e.type === 'message_start' && isObj(e.message));
  if (!start) return undefined;
  const msg: Json = { ...start.message, content: [] as Json[] };
  const usage: Json = { ...(isObj(start.message.usage) ? start.message.usage : {}) };
  for (const e of events) {
    if (e.type === 'content_block_start' && isObj(e.content_block)) msg.content[e.index ?? msg.content.length] = { ...e.content_block };
    if (e.type === 'content_block_delta' && isObj(e.delta)) {
      const block = (msg.content[e.index ?? 0] ??= { type: 'text', text: '' });
      if (e.delta.type === 'text_delta') block.text = (block.text ?? '') + e.delta.text;
      if (e.delta.type === 'thinking_delta') block.thinking = (block.thinking ?? '') + e.delta.thinking;
      if (e.delta.type === 'input_json_delta') block._partial = (block._partial ?? '') + e.delta.partial_json;
    }
    if (e.type === 'message_delta') {
      if (isObj(e.delta) && e.delta.stop_reason) msg.stop_reason = e.delta.stop_reason;
      if (isObj(e.usage)) Object.assign(usage, e.usage);
    }
  }
  for (const block of msg.content) {
    if (block?._partial !== undefined) {
      try {
        block.input = JSON.parse(block._partial || '{}');
      } catch {
        block.input = {};
      }
      delete block._partial;
    }
  }
  msg.usage = usage;
  return msg;
}

/** The assembled body, or undefined when the text is not a stream we recognise. */
export function assembleStream(text: string): Json | undefined {
  const events = parseEvents(text);
  if (events.length === 0) return undefined;
  const completed = events.find((e) => e.type === 'response.completed' && isObj(e.response));
  if (completed) return completed.response;
  const chunks = events.filter((e) => e.object === 'chat.completion.chunk');
  if (chunks.length) return chatFromChunks(chunks);
  return anthropicFromEvents(events);
}
