// POST /v1/videos (spec 4.12): the canonical video-generation request. Which fields a deployment accepts, and their
// allowed values, come from its VideoGenerationConstraints (spec 2.2); this schema fixes only the types.
import type { FromSchema } from 'json-schema-to-ts';

export const videoBodySchema = {
  type: 'object',
  required: ['model', 'prompt'],
  // Provider-specific passthrough fields are checked against the deployment's constraints, not here.
  additionalProperties: true,
  properties: {
    model: { type: 'string', minLength: 1, maxLength: 256 },
    prompt: { type: 'string', minLength: 1, maxLength: 32_000 },
    seconds: { anyOf: [{ type: 'number', exclusiveMinimum: 0 }, { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' }] },
    size: { type: 'string', pattern: '^[0-9]{2,5}x[0-9]{2,5}$' },
    aspect_ratio: { type: 'string', pattern: '^[0-9]{1,3}:[0-9]{1,3}$' },
    resolution: { type: 'string', maxLength: 16 },
    negative_prompt: { type: 'string', maxLength: 32_000 },
    input_reference: { type: 'string', minLength: 1 },
    generate_audio: { type: 'boolean' },
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    frame_images: {
      type: 'array', maxItems: 8,
      items: {
        type: 'object', additionalProperties: false, required: ['frame', 'image'],
        properties: { frame: { type: 'string' }, image: { type: 'string', minLength: 1 } },
      },
    },
  },
} as const;

export type VideoBody = FromSchema<typeof videoBodySchema>;

export const videoJobSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'object', 'model', 'provider', 'provider_model_id', 'status', 'generation_id', 'seconds', 'created_at'],
  properties: {
    /** The logged request's id: GET /v1/request/{id} shows the record with its generation fields. */
    id: { type: 'string' },
    object: { const: 'video' },
    model: { type: 'string' },
    provider: { type: 'string' },
    provider_model_id: { type: 'string' },
    /** spec 3: `submitting` is the only generation_status that occurs. */
    status: { const: 'submitting' },
    /** The upstream's job id (OpenAI video id, Google operation name). */
    generation_id: { type: 'string' },
    seconds: { type: 'number' },
    created_at: { type: 'string' },
    estimated_cost_usd: { type: 'number' },
  },
} as const;

export type VideoJob = FromSchema<typeof videoJobSchema>;
