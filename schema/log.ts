// What gateways send: one logged request (fields of spec 2.4), a batch of them, and the manual-logger body that
// Helicone-style SDKs post to /custom|oai|anthropic/v1/log.
import type { FromSchema } from 'json-schema-to-ts';

/** Property keys and values (also used by PUT /v1/request/{id}/property). */
export const PROPERTY_KEY_MAX = 256;
export const PROPERTY_VALUE_MAX = 10_000;
/** Request ids are caller-chosen strings (UUIDs usually); printable, no whitespace. */
export const REQUEST_ID_PATTERN = '^[\\x21-\\x7e]{1,256}$';

const text = (max = 4096) => ({ type: 'string', maxLength: max }) as const;
const count = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
const millis = { type: 'number', minimum: 0, maximum: 1e12 } as const;
/** ISO 8601 (zone optional, UTC assumed) or epoch milliseconds; checked and normalised by src/ingest/time.ts. */
const timestamp = { type: ['string', 'number'], maxLength: 64 } as const;
const usd = { type: 'number', minimum: 0, maximum: 1e9 } as const;

export const propertiesSchema = {
  type: 'object',
  propertyNames: { minLength: 1, maxLength: PROPERTY_KEY_MAX },
  additionalProperties: { type: 'string', maxLength: PROPERTY_VALUE_MAX },
} as const;

export const scoresSchema = {
  type: 'object',
  propertyNames: { minLength: 1, maxLength: PROPERTY_KEY_MAX },
  additionalProperties: { type: 'number' },
} as const;

export const logRecordSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    request_id: { type: 'string', pattern: REQUEST_ID_PATTERN },
    request_created_at: timestamp,
    request_path: text(),
    request_user_id: text(1024),
    request_model: text(256),
    model_override: text(256),
    request_body: {},
    request_referrer: text(),
    target_url: text(),
    country_code: text(16),

    response_id: text(256),
    response_created_at: timestamp,
    response_model: text(256),
    response_status: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
    response_body: {},

    provider: text(64),
    model: text(256),
    delay_ms: millis,
    time_to_first_token: millis,

    total_tokens: count,
    prompt_tokens: count,
    prompt_cache_write_tokens: count,
    prompt_cache_read_tokens: count,
    completion_tokens: count,
    prompt_audio_tokens: count,
    completion_audio_tokens: count,
    reasoning_tokens: count,

    /** USD. When both are absent the cost is computed from the registry's pricing. */
    cost: usd,
    costUSD: usd,

    properties: propertiesSchema,
    /** Merged into `properties` (the record shows one map under both names). */
    request_properties: propertiesSchema,
    scores: scoresSchema,
    asset_urls: { type: 'object', additionalProperties: text() },
    asset_ids: { type: 'array', maxItems: 1000, items: text(256) },

    prompt_id: text(256),
    prompt_version: text(256),
    cache_reference_id: text(256),
    cache_enabled: { type: 'boolean' },
    cached: { type: 'boolean' },
    threat: { type: 'boolean' },
    node_id: text(256),
    job_id: text(256),
    ai_gateway_body_mapping: text(64),

    billing_present: { type: 'boolean' },
    is_passthrough_billing: { type: 'boolean' },
    billing_source: text(256),
    billing_status: text(256),
    customer_charge_usd: text(64),

    feedback_rating: { type: ['boolean', 'null'] },
    feedback_created_at: text(64),
    feedback_id: text(256),
    signed_body_url: text(),
    storage_location: text(256),

    generation_id: text(256),
    generation_cost: text(64),
    generation_status: text(64),
    generation_output_count: { type: 'integer', minimum: 0, maximum: 2147483647 },
    generation_outputs: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          size_bytes: count,
          content_type: text(256),
          download_url: text(),
          url: text(),
          index: count,
        },
      },
    },
    generation_error: {
      type: 'object',
      additionalProperties: false,
      properties: { message: text(10_000), code: text(256) },
    },

    // Read-only fields of the record, accepted and ignored so a record read from one Switchyard can be logged
    // into another: they are derived (llmSchema, assets) or set by the server (core_user, updated_at).
    llmSchema: {},
    core_user: {},
    updated_at: {},
    assets: {},
  },
} as const;

export type LogRecord = FromSchema<typeof logRecordSchema>;

/** `POST /v1/log/request` JSON body: one record, or `{ requests: [...] }` (at most INGEST_MAX_REQUESTS_PER_POST). */
export function logBodySchema(maxRequests: number) {
  return {
    if: { type: 'object', required: ['requests'] },
    then: {
      type: 'object',
      additionalProperties: false,
      required: ['requests'],
      properties: { requests: { type: 'array', minItems: 1, maxItems: maxRequests, items: logRecordSchema } },
    },
    else: logRecordSchema,
  } as const;
}

export const logAcceptedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['accepted', 'request_ids'],
  properties: {
    accepted: { type: 'integer', minimum: 0 },
    request_ids: { type: 'array', items: { type: 'string' } },
  },
} as const;

export type LogAccepted = FromSchema<typeof logAcceptedSchema>;

const unixTime = {
  type: 'object',
  required: ['seconds'],
  properties: {
    seconds: { type: 'number', minimum: 0, maximum: 1e11 },
    milliseconds: { type: 'number', minimum: 0, maximum: 1e6 },
  },
} as const;

/** The body Helicone-style manual loggers send (`@helicone/helpers` HeliconeManualLogger.sendLog). */
export const manualLogBodySchema = {
  type: 'object',
  required: ['providerRequest', 'providerResponse', 'timing'],
  properties: {
    providerRequest: {
      type: 'object',
      required: ['json'],
      properties: {
        url: { type: 'string', maxLength: 4096 },
        json: {},
        meta: { type: 'object', additionalProperties: { type: 'string', maxLength: PROPERTY_VALUE_MAX } },
      },
    },
    providerResponse: {
      type: 'object',
      properties: {
        headers: { type: 'object' },
        status: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
        json: {},
        textBody: { type: 'string' },
      },
    },
    timing: {
      type: 'object',
      required: ['startTime', 'endTime'],
      properties: {
        startTime: unixTime,
        endTime: unixTime,
        timeToFirstToken: { type: ['number', 'null'], minimum: 0, maximum: 1e12 },
      },
    },
    provider: { type: ['string', 'null'], maxLength: 64 },
  },
} as const;

export type ManualLogBody = FromSchema<typeof manualLogBodySchema>;
