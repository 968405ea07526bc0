// The filter language of spec 4.8 and 4.9: key types, their operators, and the keys of each table. One `as const`
// list per key type; the compiler (src/query) and the typed input trees below are both derived from these lists.

/** Operators allowed per key type (spec 4.8). */
export const filterOperators = {
  string: ['not-equals', 'equals', 'like', 'ilike', 'contains', 'not-contains'],
  number: ['not-equals', 'equals', 'gte', 'lte', 'lt', 'gt'],
  timestamp: ['equals', 'gte', 'lte', 'lt', 'gt'],
  boolean: ['equals'],
  'contains-only': ['contains'],
} as const;

export type KeyType = keyof typeof filterOperators;
export type OperatorOf<T extends KeyType> = (typeof filterOperators)[T][number];
export type StringOperator = OperatorOf<'string'>;
export type NumberOperator = OperatorOf<'number'>;
export type TimestampOperator = OperatorOf<'timestamp'>;

/** Keys of the `request_response_rmt` filter set with a fixed type (spec 4.8). */
export const requestKeyTypes = {
  country_code: 'string',
  provider: 'string',
  model: 'string',
  user_id: 'string',
  organization_id: 'string',
  node_id: 'string',
  job_id: 'string',
  request_id: 'string',
  target_url: 'string',
  scores_column: 'string',
  cache_reference_id: 'string',
  assets: 'string',
  prompt_id: 'string',
  prompt_version: 'string',
  request_referrer: 'string',
  latency: 'number',
  cost: 'number',
  time_to_first_token: 'number',
  status: 'number',
  prompt_tokens: 'number',
  completion_tokens: 'number',
  prompt_cache_read_tokens: 'number',
  prompt_cache_write_tokens: 'number',
  total_tokens: 'number',
  request_created_at: 'timestamp',
  response_created_at: 'timestamp',
  threat: 'boolean',
  cache_enabled: 'boolean',
  cached: 'boolean',
  'core-score-feedback': 'boolean',
  is_passthrough_billing: 'boolean',
  request_body: 'contains-only',
  response_body: 'contains-only',
} as const satisfies Record<string, KeyType>;

/** Free-form keys: `{ NAME: { <operator of this type>: value } }`. */
export const freeFormKeyTypes = {
  properties: 'string',
  search_properties: 'string',
  scores: 'number',
} as const satisfies Record<string, KeyType>;

/** Keys of the `sessions_request_response_rmt` filter set (spec 4.9): per-session aggregates. */
export const sessionKeyTypes = {
  session_session_id: 'string',
  session_session_name: 'string',
  session_tag: 'string',
  session_total_cost: 'number',
  session_total_tokens: 'number',
  session_prompt_tokens: 'number',
  session_completion_tokens: 'number',
  session_total_requests: 'number',
  session_created_at: 'timestamp',
  session_latest_request_created_at: 'timestamp',
} as const satisfies Record<string, KeyType>;

export const filterTables = ['request_response_rmt', 'sessions_request_response_rmt'] as const;
export type FilterTable = (typeof filterTables)[number];
export type RequestKey = keyof typeof requestKeyTypes;
export type FreeFormKey = keyof typeof freeFormKeyTypes;
export type SessionKey = keyof typeof sessionKeyTypes;

/**
 * Tree limits. A dashboard tree is a handful of nodes; these bound the SQL a single request can make us build and run.
 * Nodes count branches, leaves, "all" and every operator inside a leaf. Strings (values and names) are bounded one by
 * one (a stored property value is at most 10,000 characters) and in total, because query parameters travel in the
 * URL of an HTTP ClickHouse server (1 MiB by default, and encoding can triple their size).
 */
export const filterLimits = { maxDepth: 32, maxNodes: 500, maxStringLength: 16_384, maxTotalStringLength: 262_144 } as const;

// ---- Typed input trees (what a client sends), derived from the lists above ----

type JsonValueOf<T extends KeyType> = T extends 'number' ? number : T extends 'boolean' ? boolean : string;
export type OperatorObject<T extends KeyType> = { readonly [O in OperatorOf<T>]?: JsonValueOf<T> };

export type RequestFilterSet = { readonly [K in RequestKey]?: OperatorObject<(typeof requestKeyTypes)[K]> } & {
  readonly [K in FreeFormKey]?: Readonly<Record<string, OperatorObject<(typeof freeFormKeyTypes)[K]>>>;
};
export type SessionFilterSet = { readonly [K in SessionKey]?: OperatorObject<(typeof sessionKeyTypes)[K]> };

export interface FilterLeafInput {
  readonly request_response_rmt?: RequestFilterSet;
  readonly sessions_request_response_rmt?: SessionFilterSet;
}
export interface FilterBranchInput {
  readonly left: FilterNodeInput;
  readonly operator: 'and' | 'or';
  readonly right: FilterNodeInput;
}
export type FilterNodeInput = 'all' | FilterLeafInput | FilterBranchInput;

/**
 * JSON Schema of a filter tree for request bodies: documentation only. The compiler's parser checks the tree itself,
 * because it can name the exact bad path (`body.filter.left.request_response_rmt.latency.between`) where a schema
 * `anyOf` could only report its first branch ("must be string").
 */
export const filterSchema = {
  description:
    'Filter tree: "all" | leaf { request_response_rmt?: { <key>: { <operator>: value } }, sessions_request_response_rmt?: {...} } ' +
    '| branch { left, operator: "and" | "or", right }. Keys and operators: spec 4.8 and 4.9.',
  examples: ['all', { left: { request_response_rmt: { latency: { gte: 100 } } }, operator: 'or', right: 'all' }],
} as const;

/** `{ start, end }`: ISO 8601 date-times with a zone; the window is [start, end). */
export const timeFilterSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['start', 'end'],
  properties: {
    start: { type: 'string', description: 'ISO 8601 date-time with zone, inclusive' },
    end: { type: 'string', description: 'ISO 8601 date-time with zone, exclusive' },
  },
} as const;
