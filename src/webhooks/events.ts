// Logged rows -> `request.logged` events: which webhooks a row matches, and the exact JSON body each one receives.
// Pure: no I/O, so matching and payloads are tested without a network.
import { createHash } from 'node:crypto';
import type { RequestLoggedEvent, WebhookConfig } from '../../schema/webhooks.js';

/**
 * A row of request_response_rmt as the ingestion writer has it (column names of clickhouse/001). Only the columns
 * events use are listed; Int64 columns may arrive as numbers or strings, bodies as the stored JSON text.
 */
export interface LoggedRow {
  request_id: string;
  request_created_at?: string | number;
  request_user_id?: string;
  model?: string;
  request_model?: string;
  provider?: string;
  response_status?: number | string;
  delay_ms?: number | string;
  time_to_first_token?: number | string;
  prompt_tokens?: number | string;
  completion_tokens?: number | string;
  total_tokens?: number | string;
  cost_nano_usd?: number | string;
  properties?: Record<string, string>;
  scores?: Record<string, number>;
  prompt_id?: string;
  prompt_version?: string;
  request_body?: string;
  response_body?: string;
}

/** The writer may hand over rows as objects or as the serialised JSON lines it inserted. */
export type RowInput = LoggedRow | { line: string };

export function toRow(input: RowInput): LoggedRow {
  return 'line' in input && typeof input.line === 'string' ? (JSON.parse(input.line) as LoggedRow) : (input as LoggedRow);
}

export interface MatchableWebhook {
  id: string;
  config: WebhookConfig;
  includeData: boolean;
}

/** Percent position of this (webhook, request) pair in [0, 100): the same request always gets the same answer. */
function samplePoint(webhookId: string, requestId: string): number {
  const h = createHash('sha256').update(webhookId).update('\0').update(requestId).digest();
  return (h.readUInt32BE(0) / 0x1_0000_0000) * 100;
}

export function matches(hook: MatchableWebhook, row: LoggedRow, event: RequestLoggedEvent['type']): boolean {
  const { events, sampleRate, propertyFilters } = hook.config;
  if (!events.includes(event)) return false;
  const props = row.properties ?? {};
  if (!propertyFilters.every((f) => props[f.key] === f.value)) return false;
  return sampleRate >= 100 || samplePoint(hook.id, row.request_id) < sampleRate;
}

/** Deterministic, so a re-sent row maps to the same event and the queue drops the duplicate. */
export function eventId(organizationId: string, webhookId: string, requestId: string): string {
  return 'evt_' + createHash('sha256').update(`${organizationId}\0${webhookId}\0${requestId}`).digest('hex').slice(0, 32);
}

/** Bodies above this size are sent cut, as a string, with `*_truncated: true` (the full body stays readable). */
export const MAX_BODY_CHARS = 256 * 1024;

function body(text: string | undefined): { value: unknown; truncated: boolean } {
  if (text === undefined || text === '') return { value: null, truncated: false };
  if (text.length > MAX_BODY_CHARS) return { value: text.slice(0, MAX_BODY_CHARS), truncated: true };
  try {
    return { value: JSON.parse(text), truncated: false };
  } catch {
    return { value: text, truncated: false };
  }
}

const num = (v: number | string | undefined) => (v === undefined || v === '' ? 0 : Number(v));

/** Row time (`YYYY-MM-DD hh:mm:ss.sss` UTC, ISO, or epoch ms) -> ISO 8601. */
function iso(v: string | number | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'number') return new Date(v).toISOString();
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : v.replace(' ', 'T') + 'Z');
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

/** The exact JSON text POSTed (and signed) for one webhook and one row. */
export function requestLoggedBody(
  hook: MatchableWebhook,
  row: LoggedRow,
  ids: { eventId: string; createdAt: string },
): string {
  const data: RequestLoggedEvent['data'] = {
    request_id: row.request_id,
    request_created_at: iso(row.request_created_at),
    request_user_id: row.request_user_id ?? '',
    model: row.model || row.request_model || '',
    provider: row.provider ?? '',
    response_status: num(row.response_status),
    delay_ms: num(row.delay_ms),
    time_to_first_token: num(row.time_to_first_token),
    prompt_tokens: num(row.prompt_tokens),
    completion_tokens: num(row.completion_tokens),
    total_tokens: num(row.total_tokens),
    // Exact integer nano-USD -> USD; the division is the only rounding.
    cost: num(row.cost_nano_usd) / 1e9,
    properties: row.properties ?? {},
    scores: row.scores ?? {},
    prompt_id: row.prompt_id ?? '',
    prompt_version: row.prompt_version ?? '',
  };
  if (hook.includeData) {
    const req = body(row.request_body);
    const res = body(row.response_body);
    data.request_body = req.value;
    data.response_body = res.value;
    if (req.truncated) data.request_body_truncated = true;
    if (res.truncated) data.response_body_truncated = true;
  }
  const event: RequestLoggedEvent = {
    id: ids.eventId,
    type: 'request.logged',
    created_at: ids.createdAt,
    webhook_id: hook.id,
    data,
  };
  return JSON.stringify(event);
}
