// Storage of one request: the point read (through request_lookup, so it never scans the organisation's history)
// and the full-row re-insert that property and score updates use.
import type { Db } from '../db/client.js';
import type { Mutation } from '../ingest/coordination.js';
import { setOwnKey } from '../ingest/own-key.js';
import { toDbTime } from '../ingest/time.js';

/** A row of request_response_rmt as the engine returns it (64-bit integers as strings, times as text). */
export interface StoredRow {
  organization_id: string;
  request_id: string;
  request_created_at: string;
  version: string;
  request_path: string;
  request_user_id: string;
  request_model: string;
  model_override: string;
  request_body: string;
  request_referrer: string;
  target_url: string;
  country_code: string;
  response_id: string;
  response_created_at: string;
  response_model: string;
  response_status: number;
  response_body: string;
  provider: string;
  model: string;
  delay_ms: string;
  time_to_first_token: string;
  total_tokens: string;
  prompt_tokens: string;
  prompt_cache_write_tokens: string;
  prompt_cache_read_tokens: string;
  completion_tokens: string;
  prompt_audio_tokens: string;
  completion_audio_tokens: string;
  reasoning_tokens: string;
  cost_nano_usd: string;
  properties: Record<string, string>;
  scores: Record<string, number>;
  asset_urls: Record<string, string>;
  asset_ids: string[];
  prompt_id: string;
  prompt_version: string;
  cache_reference_id: string;
  cache_enabled: boolean;
  ai_gateway_body_mapping: string;
  billing_present: boolean;
  is_passthrough_billing: boolean;
  billing_source: string;
  billing_status: string;
  customer_charge_usd: string;
  feedback_rating: boolean | null;
  feedback_created_at: string;
  feedback_id: string;
  signed_body_url: string;
  storage_location: string;
  updated_at: string;
  generation_id: string;
  generation_cost: string;
  generation_status: string;
  generation_output_count: number;
  generation_outputs: string;
  generation_error_message: string;
  generation_error_code: string;
  core_user: string;
  /** Columns added by later migrations travel along untouched. */
  [column: string]: unknown;
}

// The lookup table gives the row's time; with it the read hits one granule of the main table's sort key.
// Newest version first: unmerged parts may still hold older versions of the row.
export const READ_ONE_SQL = `
SELECT *
FROM request_response_rmt
WHERE organization_id = {org:String}
  AND request_created_at IN (
    SELECT request_created_at FROM request_lookup
    WHERE organization_id = {org:String} AND request_id = {id:String})
  AND request_id = {id:String}
ORDER BY version DESC
LIMIT 1`;

export async function readStoredRow(db: Db, org: string, id: string): Promise<StoredRow | undefined> {
  const rows = await db.query<StoredRow>(READ_ONE_SQL, { org, id }, { comment: `request.read org=${org}` });
  return rows[0];
}

/** Applies mutations in order to a copy of the row. */
export function applyMutations(row: StoredRow, mutations: readonly Mutation[]): StoredRow {
  const properties = { ...row.properties };
  const scores = { ...row.scores };
  for (const m of mutations) {
    if (m.kind === 'property') setOwnKey(properties, m.key, m.value);
    else setOwnKey(scores, m.name, m.score);
  }
  return { ...row, properties, scores };
}

/**
 * Re-inserts the whole row with version + 1 (ReplacingMergeTree keeps it). Every other column is written back as
 * read, so no column is reset. Callers hold the request's lock.
 */
export async function writeUpdatedRow(db: Db, row: StoredRow, mutations: readonly Mutation[]): Promise<void> {
  if (!mutations.length) return;
  const next = applyMutations(row, mutations);
  next.version = (BigInt(row.version) + 1n).toString();
  next.updated_at = toDbTime(Date.now());
  await db.insertJsonLines('request_response_rmt', Buffer.from(JSON.stringify(next) + '\n'));
}
