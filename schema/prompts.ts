// Prompts (spec 2.5, 4.6, 4.7, 4.10) and the version-management routes around them. Responses are bare (no envelope).
import type { FromSchema } from 'json-schema-to-ts';

const idSchema = { type: 'string', minLength: 1, maxLength: 128 } as const;

/** One chat message: role and content are required (content may be null for an assistant turn with tool calls). */
const chatMessageSchema = {
  type: 'object',
  required: ['role', 'content'],
  properties: {
    role: { type: 'string', enum: ['system', 'developer', 'user', 'assistant', 'tool', 'function'] },
    content: {
      anyOf: [
        { type: 'string' },
        { type: 'null' },
        {
          type: 'array',
          items: { type: 'object', required: ['type'], properties: { type: { type: 'string', minLength: 1 } } },
        },
      ],
    },
    name: { type: 'string' },
    tool_call_id: { type: 'string' },
    tool_calls: { type: 'array', items: { type: 'object' } },
  },
} as const;

/**
 * An OpenAI chat-completion request (spec 2.5: model, messages with role and content, temperature, ...). The fields
 * named here are type-checked; other fields of the chat format (tools, response_format, ...) are kept as given.
 */
export const promptBodySchema = {
  type: 'object',
  required: ['model', 'messages'],
  properties: {
    model: { type: 'string', minLength: 1, maxLength: 256 },
    messages: { type: 'array', minItems: 1, maxItems: 1000, items: chatMessageSchema },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    top_p: { type: 'number', minimum: 0, maximum: 1 },
    max_tokens: { type: 'integer', minimum: 1 },
    max_completion_tokens: { type: 'integer', minimum: 1 },
    n: { type: 'integer', minimum: 1 },
    stream: { type: 'boolean' },
    stop: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, maxItems: 4 }, { type: 'null' }] },
    seed: { type: 'integer' },
    presence_penalty: { type: 'number', minimum: -2, maximum: 2 },
    frequency_penalty: { type: 'number', minimum: -2, maximum: 2 },
    tools: { type: 'array', items: { type: 'object' } },
    tool_choice: { anyOf: [{ type: 'string' }, { type: 'object' }] },
    response_format: { type: 'object' },
  },
} as const;
export type PromptBody = FromSchema<typeof promptBodySchema> & Record<string, unknown>;

const tagsSchema = {
  type: 'array',
  maxItems: 50,
  items: { type: 'string', minLength: 1, maxLength: 64 },
} as const;

const commitMessageSchema = { type: 'string', maxLength: 2000 } as const;

export const createPromptBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'tags', 'promptBody'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256, pattern: '\\S' },
    tags: tagsSchema,
    promptBody: promptBodySchema,
  },
} as const;
export type CreatePromptBody = FromSchema<typeof createPromptBodySchema>;

export const createPromptResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'versionId'],
  properties: { id: { type: 'string' }, versionId: { type: 'string' } },
} as const;

/** Spec 2.5 prompt version. */
export const promptVersionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'model', 'prompt_id', 'major_version', 'minor_version', 'commit_message', 'created_at'],
  properties: {
    id: { type: 'string' },
    model: { type: 'string' },
    prompt_id: { type: 'string' },
    major_version: { type: 'number' },
    minor_version: { type: 'number' },
    commit_message: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    store_url: { type: 'string' },
  },
} as const;
export type PromptVersion = FromSchema<typeof promptVersionSchema>;

export const promptSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'tags', 'created_at', 'production_version', 'total_versions'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    created_at: { type: 'string', format: 'date-time' },
    production_version: promptVersionSchema,
    total_versions: { type: 'number' },
  },
} as const;
export type Prompt = FromSchema<typeof promptSchema>;

export const tagsResponseSchema = { type: 'array', items: { type: 'string' } } as const;

export const productionVersionQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['promptId'],
  properties: { promptId: idSchema },
} as const;
export type ProductionVersionQuery = FromSchema<typeof productionVersionQuerySchema>;

export const versionQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['promptVersionId'],
  properties: { promptVersionId: idSchema },
} as const;
export type VersionQuery = FromSchema<typeof versionQuerySchema>;

export const versionsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['promptId'],
  // Bounded so the number fits the UInt32 column: a larger one used to wrap (2^32 + 1 read line 1) or fail with a 500.
  properties: { promptId: idSchema, majorVersion: { type: 'integer', minimum: 1, maximum: 4294967295 } },
} as const;
export type VersionsQuery = FromSchema<typeof versionsQuerySchema>;

export const promptsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 256 },
    tagsFilter: tagsSchema,
    // page x pageSize is a UInt32 OFFSET: 1,000,000 x 500 fits, with room.
    page: { type: 'integer', minimum: 0, maximum: 1000000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
  },
} as const;
export type PromptsQuery = FromSchema<typeof promptsQuerySchema>;

/** A new version: a minor version of `baseVersionId`'s major line (default: the production version's), or a new major. */
export const newVersionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['promptBody'],
  properties: {
    promptBody: promptBodySchema,
    commitMessage: commitMessageSchema,
    newMajorVersion: { type: 'boolean' },
    baseVersionId: idSchema,
    setAsProduction: { type: 'boolean' },
  },
} as const;
export type NewVersionBody = FromSchema<typeof newVersionBodySchema>;

/** Helicone-compatible form of a new version: `POST /v1/prompt-2025/update`. */
export const updatePromptBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['promptId', 'promptVersionId', 'newMajorVersion', 'promptBody'],
  properties: {
    promptId: idSchema,
    promptVersionId: idSchema,
    newMajorVersion: { type: 'boolean' },
    commitMessage: commitMessageSchema,
    promptBody: promptBodySchema,
    setAsProduction: { type: 'boolean' },
  },
} as const;
export type UpdatePromptBody = FromSchema<typeof updatePromptBodySchema>;

export const setProductionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['versionId'],
  properties: { versionId: idSchema },
} as const;
export type SetProductionBody = FromSchema<typeof setProductionBodySchema>;

/** Helicone-compatible form: `POST /v1/prompt-2025/update/production-version`. */
export const updateProductionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['promptId', 'promptVersionId'],
  properties: { promptId: idSchema, promptVersionId: idSchema },
} as const;
export type UpdateProductionBody = FromSchema<typeof updateProductionBodySchema>;

export const setTagsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tags'],
  properties: { tags: tagsSchema },
} as const;
export type SetTagsBody = FromSchema<typeof setTagsBodySchema>;

export const versionIdResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;
