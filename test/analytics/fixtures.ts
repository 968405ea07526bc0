// Test data written straight into the engine (the ingestion endpoints are another module's): complete request rows
// with defaults, updates as re-inserts with a higher version, and session tags.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.js';

/** A full row of request_response_rmt as the filters see it (columns of clickhouse/001). */
export interface RequestRow {
  organization_id: string;
  request_id: string;
  /** `YYYY-MM-DD hh:mm:ss.mmm`, UTC. */
  request_created_at: string;
  version: number;
  request_user_id: string;
  request_model: string;
  request_body: string;
  request_referrer: string;
  target_url: string;
  country_code: string;
  response_created_at: string;
  response_status: number;
  response_body: string;
  provider: string;
  model: string;
  delay_ms: number;
  time_to_first_token: number;
  total_tokens: number;
  prompt_tokens: number;
  prompt_cache_write_tokens: number;
  prompt_cache_read_tokens: number;
  completion_tokens: number;
  cost_nano_usd: number;
  properties: Record<string, string>;
  scores: Record<string, number>;
  asset_ids: string[];
  prompt_id: string;
  prompt_version: string;
  cache_reference_id: string;
  node_id: string;
  job_id: string;
  cache_enabled: boolean;
  cached: boolean;
  threat: boolean;
  is_passthrough_billing: boolean;
  feedback_rating: boolean | null;
}

export type RowInput = Partial<Omit<RequestRow, 'request_created_at' | 'response_created_at'>> & {
  /** When the request started: a Date, epoch ms or an ISO string. */
  at?: Date | number | string;
  /** When the response arrived; defaults to the start. */
  respondedAt?: Date | number | string;
};

export function toDateTime64(t: Date | number | string): string {
  return new Date(t).toISOString().replace('T', ' ').replace('Z', '');
}

export function requestRow(org: string, input: RowInput = {}): RequestRow {
  const { at = Date.UTC(2025, 0, 15, 12), respondedAt, ...rest } = input;
  const created = toDateTime64(at);
  return {
    organization_id: org,
    request_id: randomUUID(),
    request_created_at: created,
    version: 1,
    request_user_id: '',
    request_model: '',
    request_body: '',
    request_referrer: '',
    target_url: '',
    country_code: '',
    response_created_at: respondedAt === undefined ? created : toDateTime64(respondedAt),
    response_status: 200,
    response_body: '',
    provider: '',
    model: '',
    delay_ms: 0,
    time_to_first_token: 0,
    total_tokens: 0,
    prompt_tokens: 0,
    prompt_cache_write_tokens: 0,
    prompt_cache_read_tokens: 0,
    completion_tokens: 0,
    cost_nano_usd: 0,
    properties: {},
    scores: {},
    asset_ids: [],
    prompt_id: '',
    prompt_version: '',
    cache_reference_id: '',
    node_id: '',
    job_id: '',
    cache_enabled: false,
    cached: false,
    threat: false,
    is_passthrough_billing: false,
    feedback_rating: null,
    ...rest,
  };
}

/** A request of session `sessionId` (the reserved Core-Session-* properties). */
export function sessionRow(org: string, sessionId: string, input: RowInput & { sessionName?: string } = {}): RequestRow {
  const { sessionName, properties, ...rest } = input;
  return requestRow(org, {
    ...rest,
    properties: { ...properties, 'Core-Session-Id': sessionId, ...(sessionName !== undefined ? { 'Core-Session-Name': sessionName } : {}) },
  });
}

/** The same request re-written with a higher version (what a property or score update does). */
export function updated(row: RequestRow, changes: Partial<RequestRow>): RequestRow {
  return { ...row, ...changes, version: row.version + 1 };
}

/** Inserts rows (and their point-lookup entries), one insert per table. */
export async function insertRequests(db: Db, rows: readonly RequestRow[]): Promise<void> {
  await db.insert('request_response_rmt', rows);
  await db.insert(
    'request_lookup',
    rows.map((r) => ({ organization_id: r.organization_id, request_id: r.request_id, request_created_at: r.request_created_at })),
  );
}

export interface TagRow {
  organization_id: string;
  session_id: string;
  tag: string;
  version: number;
  is_deleted: number;
}

export async function insertTags(db: Db, tags: readonly TagRow[]): Promise<void> {
  await db.insert('session_tags', tags);
}
