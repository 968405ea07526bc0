// Stored row (wire format) -> the logged request record of spec 2.4, every field with the type the spec states.
import type { RequestRecord } from '../../schema/request-record.js';
import { nanoToUsd } from '../ingest/money.js';
import { fromDbTime } from '../ingest/time.js';
import { buildLlmSchema } from './llm-schema/index.js';
import type { StoredRow } from './store.js';

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function outputs(text: string): RequestRecord['generation_outputs'] {
  const v = parseBody(text);
  if (!Array.isArray(v)) return [];
  return v.map((o: Record<string, unknown>, i) => ({
    size_bytes: typeof o?.size_bytes === 'number' ? o.size_bytes : 0,
    content_type: typeof o?.content_type === 'string' ? o.content_type : '',
    download_url: typeof o?.download_url === 'string' ? o.download_url : '',
    url: typeof o?.url === 'string' ? o.url : '',
    index: typeof o?.index === 'number' ? o.index : i,
  }));
}

const n = (v: string | number) => Number(v);

export function toRecord(row: StoredRow): RequestRecord {
  const request_body = parseBody(row.request_body);
  const response_body = parseBody(row.response_body);
  const cost = nanoToUsd(row.cost_nano_usd);
  return {
    response_id: row.response_id,
    response_created_at: fromDbTime(row.response_created_at),
    response_model: row.response_model,
    response_status: row.response_status,
    request_id: row.request_id,
    request_created_at: fromDbTime(row.request_created_at),
    request_path: row.request_path,
    request_user_id: row.request_user_id,
    request_model: row.request_model,
    model_override: row.model_override,
    request_body,
    response_body,
    // One map under both names: properties set at ingestion and by PUT .../property alike.
    request_properties: row.properties,
    properties: row.properties,
    scores: row.scores,
    asset_urls: row.asset_urls,
    core_user: row.core_user ?? '',
    provider: row.provider,
    delay_ms: n(row.delay_ms),
    time_to_first_token: n(row.time_to_first_token),
    total_tokens: n(row.total_tokens),
    prompt_tokens: n(row.prompt_tokens),
    prompt_cache_write_tokens: n(row.prompt_cache_write_tokens),
    prompt_cache_read_tokens: n(row.prompt_cache_read_tokens),
    completion_tokens: n(row.completion_tokens),
    prompt_audio_tokens: n(row.prompt_audio_tokens),
    completion_audio_tokens: n(row.completion_audio_tokens),
    reasoning_tokens: n(row.reasoning_tokens),
    cost,
    costUSD: cost,
    prompt_id: row.prompt_id,
    prompt_version: row.prompt_version,
    country_code: row.country_code,
    target_url: row.target_url,
    model: row.model,
    cache_reference_id: row.cache_reference_id,
    ai_gateway_body_mapping: row.ai_gateway_body_mapping,
    asset_ids: row.asset_ids,
    assets: row.asset_ids,
    cache_enabled: row.cache_enabled,
    billing_present: row.billing_present,
    is_passthrough_billing: row.is_passthrough_billing,
    // The spec types it boolean: "not rated" reads as false (feedback_id is empty then).
    feedback_rating: row.feedback_rating ?? false,
    billing_source: row.billing_source,
    billing_status: row.billing_status,
    customer_charge_usd: row.customer_charge_usd,
    feedback_created_at: row.feedback_created_at,
    feedback_id: row.feedback_id,
    signed_body_url: row.signed_body_url,
    updated_at: fromDbTime(row.updated_at),
    request_referrer: row.request_referrer,
    storage_location: row.storage_location,
    generation_id: row.generation_id,
    generation_cost: row.generation_cost,
    generation_status: row.generation_status,
    generation_output_count: row.generation_output_count,
    generation_outputs: outputs(row.generation_outputs),
    generation_error: { message: row.generation_error_message, code: row.generation_error_code },
    llmSchema: buildLlmSchema({
      requestBody: request_body,
      responseBody: response_body,
      provider: row.provider,
      path: row.request_path || row.target_url,
      status: row.response_status,
      model: row.model,
    }),
  };
}
