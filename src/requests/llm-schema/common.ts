// Helpers shared by the body mappers: tolerant readers (bodies are whatever the gateway logged) and the message
// shapes they all produce.
import type { LlmMessage } from '../../../schema/request-record.js';

export type Json = Record<string, any>;

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Drops undefined keys so records compare and serialise cleanly. */
export function compact<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/** Tool-call arguments arrive as JSON text (OpenAI) or objects (Anthropic); the record wants an object. */
export function toArgs(v: unknown): Json {
  if (isObj(v)) return v;
  if (typeof v === 'string') {
    try {
      const parsed = JSON.parse(v);
      return isObj(parsed) ? parsed : { value: parsed };
    } catch {
      return { _raw: v };
    }
  }
  return {};
}

/** `stop` is a string or a list of strings in the APIs; always a list in the record. */
export function stopList(v: unknown): string[] | undefined {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((s): s is string => typeof s === 'string');
  return undefined;
}

/** Text of a message's content, joined; the non-text parts are described in contentArray. */
export function joinText(parts: LlmMessage[]): string {
  return parts
    .map((p) => p.content ?? '')
    .filter((t) => t.length > 0)
    .join('\n');
}

/** One message from its parts: plain text, or a contentArray when anything but text is in it. */
export function fromParts(role: string | undefined, parts: LlmMessage[], extra: Partial<LlmMessage> = {}): LlmMessage {
  const onlyText = parts.every((p) => p._type === 'message');
  if (onlyText || parts.length === 0) return compact({ _type: 'message', role, content: joinText(parts), ...extra });
  if (parts.length === 1) return compact({ ...parts[0], role, ...extra });
  return compact({ _type: 'contentArray', role, content: joinText(parts), contentArray: parts, ...extra });
}
