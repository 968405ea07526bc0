// The manual-logger body (`{ providerRequest, providerResponse, timing, provider }`) and its headers -> a log
// record. Headers use the `Core-` prefix or, so existing Helicone SDKs work unchanged, the `Helicone-` prefix.
import type { LogRecord, ManualLogBody } from '../../schema/log.js';
import { PROPERTY_KEY_MAX, PROPERTY_VALUE_MAX, REQUEST_ID_PATTERN } from '../../schema/log.js';
import { ValidationError } from '../errors.js';
import { setOwnKey } from './own-key.js';
import { assembleStream } from './stream.js';
import { parseTimestamp } from './time.js';

/** The three manual-logger routes and the provider each implies when the body names none. */
export const MANUAL_LOG_ROUTES = { custom: 'CUSTOM', oai: 'OPENAI', anthropic: 'ANTHROPIC' } as const;
export type ManualLogRoute = keyof typeof MANUAL_LOG_ROUTES;

const PREFIX = /^(?:core|helicone)-(.+)$/i;
const SESSION_PROPS: Record<string, string> = {
  'session-id': 'Core-Session-Id',
  'session-name': 'Core-Session-Name',
  'session-path': 'Core-Session-Path',
};
const requestIdRe = new RegExp(REQUEST_ID_PATTERN);

export interface HeaderFields {
  properties: Record<string, string>;
  request_user_id?: string;
  request_id?: string;
  prompt_id?: string;
}

/**
 * Reads the `Core-*` / `Helicone-*` headers. `rawHeaders` keeps the sender's spelling, so a property sent as
 * `Core-Property-Environment` is named `Environment`, not `environment`.
 */
export function fieldsFromHeaders(rawHeaders: readonly string[]): HeaderFields {
  const out: HeaderFields = { properties: {} };
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const value = rawHeaders[i + 1]!;
    const m = PREFIX.exec(name);
    if (!m) continue;
    const rest = m[1]!;
    const lower = rest.toLowerCase();
    const field = `headers.${name}`;
    if (value.length > PROPERTY_VALUE_MAX) throw new ValidationError(`${field}: longer than ${PROPERTY_VALUE_MAX} characters`, field);
    if (lower.startsWith('property-')) {
      const key = rest.slice('property-'.length);
      if (key.length < 1 || key.length > PROPERTY_KEY_MAX) {
        throw new ValidationError(`${field}: property name must be 1..${PROPERTY_KEY_MAX} characters`, field);
      }
      setOwnKey(out.properties, key, value);
    } else if (SESSION_PROPS[lower]) {
      setOwnKey(out.properties, SESSION_PROPS[lower]!, value);
    } else if (lower === 'user-id') {
      out.request_user_id = value;
    } else if (lower === 'request-id') {
      if (!requestIdRe.test(value)) throw new ValidationError(`${field}: must be 1..256 printable characters without spaces`, field);
      out.request_id = value;
    } else if (lower === 'prompt-id') {
      out.prompt_id = value;
    }
  }
  return out;
}

const msOf = (t: { seconds: number; milliseconds?: number }) => Math.round(t.seconds * 1000 + (t.milliseconds ?? 0));

function responseBody(res: ManualLogBody['providerResponse']): unknown {
  const json = res.json;
  const emptyJson = json === undefined || (typeof json === 'object' && json !== null && Object.keys(json).length === 0);
  if (!emptyJson || res.textBody === undefined) {
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      // The SDK copies `_type`, `toolName` and `name` of the request into the response; drop them when empty.
      const { _type, toolName, name, ...rest } = json as Record<string, unknown>;
      return { ...rest, ...(_type != null ? { _type } : {}), ...(toolName != null ? { toolName } : {}), ...(name != null ? { name } : {}) };
    }
    return json;
  }
  const text = res.textBody;
  try {
    return JSON.parse(text);
  } catch {
    return assembleStream(text) ?? text;
  }
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export function manualLogToRecord(body: ManualLogBody, headers: HeaderFields, route: ManualLogRoute): LogRecord {
  // Checked here so an out-of-range time names the field the caller sent.
  const start = parseTimestamp(msOf(body.timing.startTime), 'body.timing.startTime');
  const end = parseTimestamp(msOf(body.timing.endTime), 'body.timing.endTime');
  const rec: LogRecord = {
    request_created_at: start,
    response_created_at: end,
    delay_ms: Math.max(0, end - start),
    provider: body.provider || MANUAL_LOG_ROUTES[route],
    request_body: body.providerRequest.json,
    response_body: responseBody(body.providerResponse),
    response_status: body.providerResponse.status ?? 200,
    target_url: body.providerRequest.url ?? '',
    request_path: pathOf(body.providerRequest.url),
  };
  if (typeof body.timing.timeToFirstToken === 'number') rec.time_to_first_token = body.timing.timeToFirstToken;
  if (Object.keys(headers.properties).length) rec.properties = headers.properties;
  if (headers.request_user_id !== undefined) rec.request_user_id = headers.request_user_id;
  if (headers.request_id !== undefined) rec.request_id = headers.request_id;
  if (headers.prompt_id !== undefined) rec.prompt_id = headers.prompt_id;
  return rec;
}
