// The parsed filter tree: a readonly discriminated union in which every node keeps the path it came from, so an
// error can point at `body.filter.left.request_response_rmt.latency.gt`.
import type {
  NumberOperator,
  RequestKey,
  SessionKey,
  StringOperator,
  TimestampOperator,
} from '../../schema/filter.js';
import type { Instant } from './values.js';

export type Path = string;

export type StringTest = { readonly type: 'string'; readonly operator: StringOperator; readonly value: string };
export type NumberTest = { readonly type: 'number'; readonly operator: NumberOperator; readonly value: number };
export type TimestampTest = { readonly type: 'timestamp'; readonly operator: TimestampOperator; readonly value: Instant };
export type BooleanTest = { readonly type: 'boolean'; readonly operator: 'equals'; readonly value: boolean };
export type ContainsTest = { readonly type: 'contains-only'; readonly operator: 'contains'; readonly value: string };
export type Test = StringTest | NumberTest | TimestampTest | BooleanTest | ContainsTest;

/** One `{ <operator>: value }` entry of a leaf, at request level. */
export type RequestCondition =
  | { readonly kind: 'request_key'; readonly key: RequestKey; readonly test: Test; readonly path: Path }
  | { readonly kind: 'property'; readonly name: string; readonly test: StringTest; readonly path: Path }
  | { readonly kind: 'search_property'; readonly name: string; readonly test: StringTest; readonly path: Path }
  | { readonly kind: 'score'; readonly name: string; readonly test: NumberTest; readonly path: Path };

/** One entry of `sessions_request_response_rmt`: a condition on a per-session aggregate. */
export type SessionCondition = { readonly kind: 'session_key'; readonly key: SessionKey; readonly test: Test; readonly path: Path };

export type FilterNode =
  | { readonly kind: 'all'; readonly path: Path }
  | {
      readonly kind: 'branch';
      readonly operator: 'and' | 'or';
      readonly left: FilterNode;
      readonly right: FilterNode;
      readonly path: Path;
    }
  | {
      readonly kind: 'leaf';
      /** ANDed request-level conditions. */
      readonly request: readonly RequestCondition[];
      /** ANDed session-level conditions (one per-session subquery for the leaf). */
      readonly session: readonly SessionCondition[];
      readonly path: Path;
    };

export type FilterNodeKind = FilterNode['kind'];

/** The half-open window [start, end) of `request_created_at`. */
export interface TimeWindow {
  readonly start: Instant;
  readonly end: Instant;
}
