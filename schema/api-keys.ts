import type { FromSchema } from 'json-schema-to-ts';

export const createKeyBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['org'],
  properties: {
    org: { type: 'string', minLength: 1, maxLength: 128 },
    name: { type: 'string', maxLength: 256 },
  },
} as const;

export type CreateKeyBody = FromSchema<typeof createKeyBodySchema>;
