// Shared schema pieces: the response envelope of spec 2.1 and small reusable types.
export const errorEnvelopeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'error'],
  properties: { data: { type: 'null' }, error: { type: 'string' } },
} as const;

/** `{ data: <schema>, error: null }` — exactly two keys (spec 2.1). */
export function envelopeOf<S extends object>(data: S) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'error'],
    properties: { data, error: { type: 'null' } },
  } as const;
}

export const nullSchema = { type: 'null' } as const;
export const anySchema = {} as const;
