// Webhooks (spec 4.11, section 6): registration bodies, the stored webhook, delivery attempts and the event payload.
import type { FromSchema } from 'json-schema-to-ts';

export const WEBHOOK_EVENTS = ['request.logged'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What a webhook receives. `events`: event kinds (default all). `sampleRate`: percent of matching requests delivered,
 * 0-100 (default 100), decided per request so a re-sent request gets the same answer. `propertyFilters`: every
 * `{ key, value }` must equal one of the request's properties (default: none, so every request matches).
 */
export const webhookConfigSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    events: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: WEBHOOK_EVENTS } },
    sampleRate: { type: 'number', minimum: 0, maximum: 100 },
    propertyFilters: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'value'],
        properties: { key: { type: 'string', minLength: 1, maxLength: 256 }, value: { type: 'string', maxLength: 10_000 } },
      },
    },
  },
} as const;
export type WebhookConfigInput = FromSchema<typeof webhookConfigSchema>;
/** The config as stored and returned: every default filled in. */
export type WebhookConfig = Required<WebhookConfigInput>;

export const createWebhookBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['destination'],
  properties: {
    /** An http or https URL (checked beyond the format: other schemes are refused). */
    destination: { type: 'string', minLength: 1, maxLength: 2048 },
    config: webhookConfigSchema,
    /** Include the request and response bodies in each event (default false). */
    includeData: { type: 'boolean' },
  },
} as const;
export type CreateWebhookBody = FromSchema<typeof createWebhookBodySchema>;

const storedConfigSchema = {
  ...webhookConfigSchema,
  required: ['events', 'sampleRate', 'propertyFilters'],
} as const;

export const webhookSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'destination', 'config', 'includeData', 'created_at'],
  properties: {
    id: { type: 'string' },
    destination: { type: 'string' },
    config: storedConfigSchema,
    includeData: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;
export type Webhook = FromSchema<typeof webhookSchema>;

/** The create response: the webhook plus its signing secret, shown this once. */
export const createdWebhookSchema = {
  ...webhookSchema,
  required: [...webhookSchema.required, 'secret'],
  properties: { ...webhookSchema.properties, secret: { type: 'string' } },
} as const;
export type CreatedWebhook = FromSchema<typeof createdWebhookSchema>;

export const DELIVERY_STATUSES = ['delivered', 'retrying', 'failed', 'dropped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryAttemptSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['event_id', 'event_type', 'request_id', 'attempt', 'status', 'http_status', 'error', 'duration_ms', 'attempted_at'],
  properties: {
    event_id: { type: 'string' },
    event_type: { type: 'string' },
    request_id: { type: 'string' },
    attempt: { type: 'integer' },
    status: { type: 'string', enum: DELIVERY_STATUSES },
    /** 0 when no HTTP response came back. */
    http_status: { type: 'integer' },
    error: { type: 'string' },
    duration_ms: { type: 'integer' },
    attempted_at: { type: 'string', format: 'date-time' },
  },
} as const;
export type DeliveryAttempt = FromSchema<typeof deliveryAttemptSchema>;

/** The JSON body POSTed to a destination for `request.logged`. */
export const requestLoggedEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'created_at', 'webhook_id', 'data'],
  properties: {
    /** Stable across retries and re-sends of the same request: receivers dedupe on it. */
    id: { type: 'string' },
    type: { const: 'request.logged' },
    created_at: { type: 'string', format: 'date-time' },
    webhook_id: { type: 'string' },
    data: {
      type: 'object',
      additionalProperties: false,
      required: [
        'request_id', 'request_created_at', 'request_user_id', 'model', 'provider', 'response_status', 'delay_ms',
        'time_to_first_token', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'cost', 'properties', 'scores',
        'prompt_id', 'prompt_version',
      ],
      properties: {
        request_id: { type: 'string' },
        request_created_at: { type: 'string' },
        request_user_id: { type: 'string' },
        model: { type: 'string' },
        provider: { type: 'string' },
        response_status: { type: 'number' },
        delay_ms: { type: 'number' },
        time_to_first_token: { type: 'number' },
        prompt_tokens: { type: 'number' },
        completion_tokens: { type: 'number' },
        total_tokens: { type: 'number' },
        /** USD. */
        cost: { type: 'number' },
        properties: { type: 'object', additionalProperties: { type: 'string' } },
        scores: { type: 'object', additionalProperties: { type: 'number' } },
        prompt_id: { type: 'string' },
        prompt_version: { type: 'string' },
        /** Only with includeData: the bodies as logged (JSON), or a string cut at the size limit. */
        request_body: {},
        response_body: {},
        request_body_truncated: { type: 'boolean' },
        response_body_truncated: { type: 'boolean' },
      },
    },
  },
} as const;
export type RequestLoggedEvent = FromSchema<typeof requestLoggedEventSchema>;
