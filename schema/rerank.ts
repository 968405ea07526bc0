// POST /v1/rerank (spec 4.4): provider-neutral request and the bare response.
import type { FromSchema } from 'json-schema-to-ts';

/** Bounds the spec leaves open; chosen to match the strictest common upstream limits (Cohere: 1,000 documents). */
export const RERANK_MAX_DOCUMENTS = 1000;
export const RERANK_MAX_TEXT = 100_000;

export const rerankBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['model', 'query', 'documents'],
  properties: {
    model: { type: 'string', minLength: 1, maxLength: 256 },
    query: { type: 'string', minLength: 1, maxLength: RERANK_MAX_TEXT },
    documents: {
      type: 'array',
      minItems: 1,
      maxItems: RERANK_MAX_DOCUMENTS,
      items: {
        anyOf: [
          { type: 'string', minLength: 1, maxLength: RERANK_MAX_TEXT },
          {
            type: 'object',
            required: ['text'],
            properties: { text: { type: 'string', minLength: 1, maxLength: RERANK_MAX_TEXT } },
          },
        ],
      },
    },
    top_n: { type: 'integer', minimum: 1 },
    return_documents: { type: 'boolean' },
    task: { type: 'string', maxLength: 10_000 },
  },
} as const;

export type RerankBody = FromSchema<typeof rerankBodySchema>;

export const rerankResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'object', 'model', 'provider', 'results', 'usage'],
  properties: {
    id: { type: 'string' },
    object: { const: 'list' },
    model: { type: 'string' },
    provider: { type: 'string' },
    results: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['index', 'relevance_score'],
        properties: {
          index: { type: 'integer', minimum: 0 },
          relevance_score: { type: 'number' },
          document: {
            type: 'object', additionalProperties: false, required: ['text'], properties: { text: { type: 'string' } },
          },
        },
      },
    },
    usage: {
      type: 'object', additionalProperties: false, required: ['input_tokens'],
      properties: { input_tokens: { type: 'integer', minimum: 0 } },
    },
  },
} as const;

export type RerankResponse = FromSchema<typeof rerankResponseSchema>;
