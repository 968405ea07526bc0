// Bodies and responses of the analytics endpoints: score distributions (spec 4.8), session metrics (4.9) and
// session tags (what the `session_tag` filter key reads).
import type { FromSchema } from 'json-schema-to-ts';
import { envelopeOf } from './common.js';
import { filterSchema, timeFilterSchema } from './filter.js';

/** Minutes between the caller's zone and UTC (a day either way). No result is bucketed by time, so none depends on it. */
const timeZoneDifferenceSchema = { type: 'number', minimum: -1440, maximum: 1440 } as const;

export const SCORE_DISTRIBUTION_DEFAULTS = { offset: 0, limit: 100 } as const;

export const scoreDistributionsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['timeFilter'],
  properties: {
    filter: filterSchema,
    timeFilter: timeFilterSchema,
    offset: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'score names to skip (default 0; a UInt32)' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'score names to return (default 100)' },
    timeZoneDifference: timeZoneDifferenceSchema,
  },
} as const;
export type ScoreDistributionsBody = FromSchema<typeof scoreDistributionsBodySchema>;

export const scoreDistributionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'distribution'],
  properties: {
    name: { type: 'string' },
    distribution: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'lower', 'upper'],
        properties: {
          value: { type: 'number', description: 'requests whose score lies in [lower, upper) (the last bucket is closed)' },
          lower: { type: 'number' },
          upper: { type: 'number' },
        },
      },
    },
  },
} as const;
export type ScoreDistribution = FromSchema<typeof scoreDistributionSchema>;
export const scoreDistributionsResponseSchema = envelopeOf({ type: 'array', items: scoreDistributionSchema } as const);

export const sessionMetricsBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    nameContains: { type: 'string', maxLength: 1024, description: 'case-insensitive substring of Core-Session-Name; "" = all' },
    timezoneDifference: timeZoneDifferenceSchema,
    useInterquartile: { type: 'boolean', description: 'keep only sessions within [p25, p75] of each metric' },
    filter: filterSchema,
    timeFilter: timeFilterSchema,
  },
} as const;
export type SessionMetricsBody = FromSchema<typeof sessionMetricsBodySchema>;

const bucketSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['range_start', 'range_end', 'value'],
  properties: {
    range_start: { type: 'number' },
    range_end: { type: 'number' },
    value: { type: 'number', description: 'number of sessions in [range_start, range_end)' },
  },
} as const;
export const sessionMetricsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['session_count', 'session_duration', 'session_cost', 'average'],
  properties: {
    session_count: { type: 'array', items: bucketSchema, description: 'requests per session' },
    session_duration: { type: 'array', items: bucketSchema, description: 'seconds from first request start to last request end' },
    session_cost: { type: 'array', items: bucketSchema, description: 'USD per session' },
    average: {
      type: 'object',
      additionalProperties: false,
      required: ['session_count', 'session_duration', 'session_cost'],
      properties: {
        session_count: { type: 'number' },
        session_duration: { type: 'number' },
        session_cost: { type: 'number' },
      },
    },
  },
} as const;
export type SessionMetrics = FromSchema<typeof sessionMetricsSchema>;
export type MetricBucket = FromSchema<typeof bucketSchema>;
export const sessionMetricsResponseSchema = envelopeOf(sessionMetricsSchema);

export const SESSION_ID_MAX = 1024;
export const sessionTagBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tag'],
  properties: { tag: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;
export type SessionTagBody = FromSchema<typeof sessionTagBodySchema>;
export const sessionTagSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['session_id', 'tag'],
  properties: { session_id: { type: 'string' }, tag: { type: ['string', 'null'] } },
} as const;
export type SessionTag = FromSchema<typeof sessionTagSchema>;
export const sessionTagResponseSchema = envelopeOf(sessionTagSchema);
