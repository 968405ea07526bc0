// The logged request record of spec 2.4 as GET /v1/request/{id} returns it, and the bodies of the property and
// eval writes (spec 4.2, 4.3).
import type { FromSchema } from 'json-schema-to-ts';
import { envelopeOf, nullSchema } from './common.js';
import { PROPERTY_KEY_MAX, PROPERTY_VALUE_MAX } from './log.js';

const s = { type: 'string' } as const;
const n = { type: 'number' } as const;
const b = { type: 'boolean' } as const;
const obj = { type: 'object' } as const;
const strings = { type: 'array', items: s } as const;

const toolCall = {
  type: 'object',
  additionalProperties: false,
  properties: { name: s, arguments: obj, id: s },
} as const;

/** One message of llmSchema (spec 2.4 "message"); keys not listed there with a type are strings. */
export const llmMessageSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    _type: s, ending_event_id: s, trigger_event_id: s, start_timestamp: s,
    annotations: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { title: s, url: s, type: s, content: s } },
    },
    finish_reason: s, reasoning: s, deleted: b, contentArray: { type: 'array' }, idx: n, detail: s, filename: s,
    file_id: s, file_data: s, type: s, audio_data: s, size_bytes: n, download_url: s, video_url: s, image_url: s,
    timestamp: s, tool_call_id: s, tool_calls: { type: 'array', items: toolCall }, mime_type: s, content: s, name: s,
    instruction: s, role: s, id: s,
  },
} as const;

/** One item of llmSchema.response.responses (spec 2.4 "response item"). */
export const llmResponseItemSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: s, role: s, _type: s, contentArray: { type: 'array' }, detail: s, filename: s, file_id: s, file_data: s,
    idx: n, audio_data: s, size_bytes: n, download_url: s, video_url: s, image_url: s, timestamp: s, tool_call_id: s,
    tool_calls: { type: 'array', items: toolCall }, text: s, name: s, id: s,
  },
} as const;

const statusMeta = { type: 'object', additionalProperties: false, properties: { timestamp: s } } as const;

export const llmRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    llm_type: s, provider: s, model: s,
    messages: { type: 'array', items: llmMessageSchema },
    prompt: s, instructions: s, max_tokens: n, temperature: n, top_p: n, seed: n, stream: b,
    presence_penalty: n, frequency_penalty: n, stop: strings, reasoning_effort: s, verbosity: s,
    tools: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { name: s, description: s, parameters: obj } },
    },
    parallel_tool_calls: b,
    tool_choice: { type: 'object', additionalProperties: false, properties: { type: s, name: s } },
    response_format: { type: 'object', additionalProperties: false, properties: { type: s, json_schema: {} } },
    toolDetails: { type: 'object', additionalProperties: false, properties: { _type: s, toolName: s, input: {} } },
    vectorDBDetails: {
      type: 'object',
      additionalProperties: false,
      properties: {
        _type: s, operation: s, text: s, vector: { type: 'array', items: n }, topK: n, filter: obj, databaseName: s,
      },
    },
    dataDetails: { type: 'object', additionalProperties: false, properties: { _type: s, name: s, meta: obj } },
    input: s, n: n, size: s, quality: s,
  },
} as const;

export const llmResponseSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    dataDetailsResponse: {
      type: 'object', additionalProperties: false,
      properties: { name: s, _type: s, metadata: statusMeta, message: s, status: s },
    },
    vectorDBDetailsResponse: {
      type: 'object', additionalProperties: false,
      properties: {
        _type: s,
        metadata: { type: 'object', additionalProperties: false, properties: { timestamp: s, destination_parsed: b, destination: s } },
        message: s, status: s, actualSimilarity: n, similarityThreshold: n,
      },
    },
    toolDetailsResponse: {
      type: 'object', additionalProperties: false,
      properties: { toolName: s, _type: s, metadata: statusMeta, tips: strings, message: s, status: s },
    },
    error: { type: 'object', additionalProperties: false, properties: { coreMessage: {} } },
    model: s,
    instructions: s,
    responses: { type: 'array', items: llmResponseItemSchema },
    messages: { type: 'array', items: llmMessageSchema },
  },
} as const;

export const llmSchemaSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['request', 'response'],
  properties: { request: llmRequestSchema, response: llmResponseSchema },
} as const;

const RECORD_FIELDS = {
  response_id: s, response_created_at: s, response_model: s, response_status: n,
  request_id: s, request_created_at: s, request_path: s, request_user_id: s, request_model: s, model_override: s,
  request_body: {}, response_body: {},
  request_properties: { type: 'object', additionalProperties: s },
  properties: { type: 'object', additionalProperties: s },
  scores: { type: 'object', additionalProperties: n },
  asset_urls: { type: 'object', additionalProperties: s },
  core_user: s, provider: s, delay_ms: n, time_to_first_token: n,
  total_tokens: n, prompt_tokens: n, prompt_cache_write_tokens: n, prompt_cache_read_tokens: n, completion_tokens: n,
  prompt_audio_tokens: n, completion_audio_tokens: n, reasoning_tokens: n,
  cost: n, costUSD: n,
  prompt_id: s, prompt_version: s,
  country_code: s, target_url: s, model: s, cache_reference_id: s, ai_gateway_body_mapping: s,
  asset_ids: strings, assets: strings,
  cache_enabled: b, billing_present: b, is_passthrough_billing: b, feedback_rating: b,
  billing_source: s, billing_status: s, customer_charge_usd: s,
  feedback_created_at: s, feedback_id: s, signed_body_url: s, updated_at: s, request_referrer: s, storage_location: s,
  generation_id: s, generation_cost: s, generation_status: s, generation_output_count: n,
  generation_outputs: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['size_bytes', 'content_type', 'download_url', 'url', 'index'],
      properties: { size_bytes: n, content_type: s, download_url: s, url: s, index: n },
    },
  },
  generation_error: {
    type: 'object', additionalProperties: false, required: ['message', 'code'], properties: { message: s, code: s },
  },
  llmSchema: llmSchemaSchema,
} as const;

/** Spec 2.4: every field is present (none is marked optional there), with exactly these keys. */
export const requestRecordSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(RECORD_FIELDS) as (keyof typeof RECORD_FIELDS)[],
  properties: RECORD_FIELDS,
} as const;

export type RequestRecord = FromSchema<typeof requestRecordSchema>;
export type LlmSchema = FromSchema<typeof llmSchemaSchema>;
export type LlmRequest = FromSchema<typeof llmRequestSchema>;
export type LlmResponse = FromSchema<typeof llmResponseSchema>;
export type LlmMessage = FromSchema<typeof llmMessageSchema>;
export type LlmResponseItem = FromSchema<typeof llmResponseItemSchema>;

export const requestRecordEnvelopeSchema = envelopeOf(requestRecordSchema);

/** PUT /v1/request/{id}/property (spec 4.2). Both required; key 1..256 chars, value up to 10,000. */
export const propertyBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'value'],
  properties: {
    key: { type: 'string', minLength: 1, maxLength: PROPERTY_KEY_MAX },
    value: { type: 'string', maxLength: PROPERTY_VALUE_MAX },
  },
} as const;
export type PropertyBody = FromSchema<typeof propertyBodySchema>;

/** POST /v1/evals/{id} (spec 4.3). Both required; a finite double (JSON has no NaN/Infinity; booleans refused). */
export const evalBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'score'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: PROPERTY_KEY_MAX },
    score: { type: 'number' },
  },
} as const;
export type EvalBody = FromSchema<typeof evalBodySchema>;

export const nullEnvelopeSchema = envelopeOf(nullSchema);
