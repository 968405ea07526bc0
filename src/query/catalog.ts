// The key catalog: each spec key -> the stored column (clickhouse/001) or per-session aggregate it reads. The only
// place column SQL comes from. Typed against schema/filter.ts, so a key without a target does not compile.
import {
  requestKeyTypes,
  sessionKeyTypes,
  type KeyType,
  type RequestKey,
  type SessionKey,
} from '../../schema/filter.js';
import type { BooleanTarget, NumberTarget, StringTarget, TimestampTarget } from './predicates.js';
import { identifier, param, selectFrom, sql, type Fragment } from './sql.js';

type TargetOf<T extends KeyType> = T extends 'string' | 'contains-only'
  ? StringTarget
  : T extends 'number'
    ? NumberTarget
    : T extends 'timestamp'
      ? TimestampTarget
      : BooleanTarget;

const str = (column: string): StringTarget => ({ type: 'string', kind: 'value', expr: identifier(column) });
/** True when some element of the array expression satisfies the operator. */
const someElement = (array: Fragment): StringTarget => ({
  type: 'string',
  kind: 'exists',
  exists: (pred) => sql`arrayExists(x -> ${pred(sql`x`)}, ${array})`,
});
const int = (expr: Fragment): NumberTarget => ({ type: 'number', kind: 'int', expr });
const nanoUsd = (expr: Fragment): NumberTarget => ({ type: 'number', kind: 'nano_usd', expr });
// Sums in Int128: sum(Int64) is an Int64 and wraps silently (ten requests at the 1e9 USD ingestion maximum do).
const intSum = (column: string): NumberTarget => ({ type: 'number', kind: 'int', expr: sql`sum(toInt128(${identifier(column)}))`, wide: true });
const nanoUsdSum = (column: string): NumberTarget => ({ type: 'number', kind: 'nano_usd', expr: sql`sum(toInt128(${identifier(column)}))`, wide: true });
const ts = (expr: Fragment): TimestampTarget => ({ type: 'timestamp', expr });
const bool = (column: string, nullable = false): BooleanTarget => ({ type: 'boolean', nullable, expr: identifier(column) });

/** `request_response_rmt` keys (spec 4.8) -> columns of `request_response_rmt`. */
export const requestTargets: { readonly [K in RequestKey]: TargetOf<(typeof requestKeyTypes)[K]> } = {
  country_code: str('country_code'),
  provider: str('provider'),
  model: str('model'),
  user_id: str('request_user_id'),
  // ANDed with the tenant guard: naming another organisation matches nothing.
  organization_id: str('organization_id'),
  node_id: str('node_id'),
  job_id: str('job_id'),
  request_id: str('request_id'),
  target_url: str('target_url'),
  // String operators over the request's score names: `{ equals: "accuracy" }` = the request has that score.
  scores_column: someElement(sql`mapKeys(scores)`),
  cache_reference_id: str('cache_reference_id'),
  // String operators over the request's asset ids: some asset matches (negated operators: none does).
  assets: someElement(sql`asset_ids`),
  prompt_id: str('prompt_id'),
  prompt_version: str('prompt_version'),
  request_referrer: str('request_referrer'),
  latency: int(sql`delay_ms`),
  cost: nanoUsd(sql`cost_nano_usd`),
  time_to_first_token: int(sql`time_to_first_token`),
  status: int(sql`response_status`),
  prompt_tokens: int(sql`prompt_tokens`),
  completion_tokens: int(sql`completion_tokens`),
  prompt_cache_read_tokens: int(sql`prompt_cache_read_tokens`),
  prompt_cache_write_tokens: int(sql`prompt_cache_write_tokens`),
  total_tokens: int(sql`total_tokens`),
  request_created_at: ts(sql`request_created_at`),
  response_created_at: ts(sql`response_created_at`),
  threat: bool('threat'),
  cache_enabled: bool('cache_enabled'),
  cached: bool('cached'),
  'core-score-feedback': bool('feedback_rating', true),
  is_passthrough_billing: bool('is_passthrough_billing'),
  request_body: str('request_body'),
  response_body: str('response_body'),
};

/** `properties.NAME`: the property is present and its value satisfies the operator. */
export function propertyTarget(name: string): StringTarget {
  const k = param(name, 'String');
  return { type: 'string', kind: 'exists', exists: (pred) => sql`(mapContains(properties, ${k}) AND ${pred(sql`properties[${k}]`)})` };
}

/** `search_properties.NAME`: some property whose key contains NAME (case-insensitive; "" = any key) has a matching value. */
export function searchPropertyTarget(name: string): StringTarget {
  const n = param(name, 'String');
  return {
    type: 'string',
    kind: 'exists',
    exists: (pred) =>
      sql`arrayExists((k, v) -> positionCaseInsensitiveUTF8(k, ${n}) > 0 AND ${pred(sql`v`)}, mapKeys(properties), mapValues(properties))`,
  };
}

/** `scores.NAME`: the score is present and satisfies the comparison. */
export function scoreTarget(name: string): NumberTarget {
  const k = param(name, 'String');
  return { type: 'number', kind: 'float_exists', exists: (pred) => sql`(mapContains(scores, ${k}) AND ${pred(sql`scores[${k}]`)})` };
}

/** `sessions_request_response_rmt` keys (spec 4.9) -> aggregates over one session's requests (a GROUP BY session_id). */
export const sessionTargets: { readonly [K in SessionKey]: TargetOf<(typeof sessionKeyTypes)[K]> } = {
  session_session_id: str('session_id'),
  // Some request of the session carries a matching Core-Session-Name.
  session_session_name: { type: 'string', kind: 'exists', exists: (pred) => sql`countIf(${pred(sql`session_name`)}) > 0` },
  // The session's tag (session_tags, one per session) matches; untagged sessions match only negated operators.
  session_tag: {
    type: 'string',
    kind: 'exists',
    exists: (pred) =>
      sql`session_id IN (${selectFrom({ select: sql`session_id`, table: 'session_tags', where: [pred(sql`tag`)] })})`,
  },
  session_total_cost: nanoUsdSum('cost_nano_usd'),
  session_total_tokens: intSum('total_tokens'),
  session_prompt_tokens: intSum('prompt_tokens'),
  session_completion_tokens: intSum('completion_tokens'),
  session_total_requests: int(sql`count()`),
  session_created_at: ts(sql`min(request_created_at)`),
  session_latest_request_created_at: ts(sql`max(request_created_at)`),
};
