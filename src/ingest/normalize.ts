// A validated log record -> the row of request_response_rmt, serialised once as a JSON line. That line is what the
// buffer carries and what the engine receives; nothing downstream re-serialises it.
import { randomUUID } from 'node:crypto';
import type { LogRecord } from '../../schema/log.js';
import { computeCostUsd, type CostFn } from './cost.js';
import { usdToNano } from './money.js';
import { parseTimestamp, toDbTime } from './time.js';
import { detectFormat, modelsFrom, usageFrom, type Usage } from './usage.js';

/** Rows are written with this version; property and eval updates write the stored version + 1. */
export const INGEST_VERSION = 0;

export interface PreparedRow {
  id: string;
  /** Row format (`YYYY-MM-DD hh:mm:ss.sss`, UTC): with the id, the row's sort key. */
  createdAt: string;
  /** The row as one JSON line, without the trailing newline. */
  line: string;
}

export interface IngestOrigin {
  organizationId: string;
  /** API key that logged it (the record's `core_user`). */
  keyId: string;
  /** Receipt time (epoch ms): the default `request_created_at`. */
  receivedAt: number;
}

const TOKEN_FIELDS = [
  ['total_tokens', 'total'],
  ['prompt_tokens', 'prompt'],
  ['prompt_cache_write_tokens', 'cacheWrite'],
  ['prompt_cache_read_tokens', 'cacheRead'],
  ['completion_tokens', 'completion'],
  ['prompt_audio_tokens', 'promptAudio'],
  ['completion_audio_tokens', 'completionAudio'],
  ['reasoning_tokens', 'reasoning'],
] as const satisfies ReadonlyArray<readonly [keyof LogRecord, keyof Usage]>;

// Plain columns copied as given (validated by schema/log.ts).
const COPIED = [
  'request_path', 'request_user_id', 'model_override', 'request_referrer', 'target_url', 'country_code',
  'response_id', 'response_status', 'prompt_id', 'prompt_version', 'cache_reference_id', 'cache_enabled', 'cached',
  'threat', 'node_id', 'job_id', 'ai_gateway_body_mapping', 'billing_present', 'is_passthrough_billing',
  'billing_source', 'billing_status', 'customer_charge_usd', 'feedback_rating', 'feedback_created_at', 'feedback_id',
  'signed_body_url', 'storage_location', 'generation_id', 'generation_cost', 'generation_status',
  'generation_output_count', 'asset_urls', 'asset_ids', 'scores',
] as const satisfies ReadonlyArray<keyof LogRecord>;

/**
 * `field` is the record's path in the request (`body.requests.3`), used in error messages; `cost` prices a record
 * that came without a cost (default: the shipped catalog).
 */
export function prepareRow(rec: LogRecord, origin: IngestOrigin, field: string, cost?: CostFn): PreparedRow {
  const id = rec.request_id ?? randomUUID();
  const createdMs = rec.request_created_at === undefined ? origin.receivedAt : parseTimestamp(rec.request_created_at, `${field}.request_created_at`);
  const createdAt = toDbTime(createdMs);
  const row: Record<string, unknown> = {
    organization_id: origin.organizationId,
    request_id: id,
    request_created_at: createdAt,
    version: INGEST_VERSION,
    core_user: origin.keyId,
    // Fixed at receipt, so a redelivered row is byte-identical to the first delivery.
    updated_at: toDbTime(origin.receivedAt),
  };
  for (const k of COPIED) if (rec[k] !== undefined) row[k] = rec[k];
  if (rec.response_created_at !== undefined) {
    row.response_created_at = toDbTime(parseTimestamp(rec.response_created_at, `${field}.response_created_at`));
  }
  if (rec.request_body !== undefined) row.request_body = JSON.stringify(rec.request_body);
  if (rec.response_body !== undefined) row.response_body = JSON.stringify(rec.response_body);

  const format = detectFormat(rec.request_body, rec.response_body, rec.request_path ?? rec.target_url ?? '');
  const fromBodies = modelsFrom(rec.request_body, rec.response_body);
  const requestModel = rec.request_model ?? fromBodies.requestModel;
  const responseModel = rec.response_model ?? fromBodies.responseModel;
  const model = rec.model || rec.model_override || responseModel || requestModel;
  row.request_model = requestModel;
  row.response_model = responseModel;
  row.model = model;
  const provider = (rec.provider ?? '').toUpperCase();
  row.provider = provider;
  if (rec.delay_ms !== undefined) row.delay_ms = Math.round(rec.delay_ms);
  if (rec.time_to_first_token !== undefined) row.time_to_first_token = Math.round(rec.time_to_first_token);

  // Token counts: as given; when none is given, as the response body reports them.
  const given = TOKEN_FIELDS.some(([f]) => rec[f] !== undefined);
  const usage = given ? undefined : usageFrom(format, rec.response_body);
  const tokens = {} as Usage;
  for (const [f, u] of TOKEN_FIELDS) {
    tokens[u] = rec[f] ?? usage?.[u] ?? 0;
    row[f] = tokens[u];
  }
  if (given && rec.total_tokens === undefined) {
    tokens.total = tokens.prompt + tokens.completion;
    row.total_tokens = tokens.total;
  }

  const usd = rec.cost ?? rec.costUSD ?? computeCostUsd({ provider, model, usage: tokens }, cost);
  row.cost_nano_usd = usdToNano(usd);

  if (rec.properties !== undefined || rec.request_properties !== undefined) {
    row.properties = { ...rec.request_properties, ...rec.properties };
  }
  if (rec.generation_outputs !== undefined) row.generation_outputs = JSON.stringify(rec.generation_outputs);
  if (rec.generation_error !== undefined) {
    row.generation_error_message = rec.generation_error.message ?? '';
    row.generation_error_code = rec.generation_error.code ?? '';
  }
  return { id, createdAt, line: JSON.stringify(row) };
}
