// Operator tables: how each operator of each key type turns into SQL over a target (a column, an aggregate, or a
// "some element" quantifier over a map or array). One table per key type, typed `Record<Operator, ...>`, so an
// operator without SQL does not compile.
import type { NumberOperator, StringOperator } from '../../schema/filter.js';
import type { Test } from './ast.js';
import { QueryCompileError } from './errors.js';
import { FALSE, TRUE, assertNever, param, sql, type Fragment } from './sql.js';
import {
  MAX_INSTANT_MS,
  MIN_INSTANT_MS,
  formatDateTime64,
  instantThreshold,
  numberThreshold,
  usdToNanoThreshold,
  type IntThreshold,
} from './values.js';

/** Builds "some value satisfies `pred`" for multi-valued or optional things (array elements, a map entry, a tag). */
export type Exists = (pred: (value: Fragment) => Fragment) => Fragment;

export type StringTarget =
  | { readonly type: 'string'; readonly kind: 'value'; readonly expr: Fragment }
  | { readonly type: 'string'; readonly kind: 'exists'; readonly exists: Exists };
export type NumberTarget =
  /**
   * An integer column or aggregate; thresholds compare exactly (a non-integer threshold never equals). `wide`: the
   * expression is an Int128 (a sum of Int64 columns), so thresholds beyond Int64 are real comparisons, not constants.
   */
  | { readonly type: 'number'; readonly kind: 'int'; readonly expr: Fragment; readonly wide?: boolean }
  /** Integer nano-USD compared against a USD amount. */
  | { readonly type: 'number'; readonly kind: 'nano_usd'; readonly expr: Fragment; readonly wide?: boolean }
  /** An optional Float64 (a score that may be absent). */
  | { readonly type: 'number'; readonly kind: 'float_exists'; readonly exists: Exists };
export type TimestampTarget = { readonly type: 'timestamp'; readonly expr: Fragment };
export type BooleanTarget = { readonly type: 'boolean'; readonly nullable: boolean; readonly expr: Fragment };
export type Target = StringTarget | NumberTarget | TimestampTarget | BooleanTarget;

/** `contains` is a case-insensitive substring test; `%`, `_` and `\` in the value are literal characters. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const stringOps: Record<StringOperator, (e: Fragment, v: string) => Fragment> = {
  equals: (e, v) => sql`${e} = ${param(v, 'String')}`,
  'not-equals': (e, v) => sql`${e} != ${param(v, 'String')}`,
  like: (e, v) => sql`${e} LIKE ${param(v, 'String')}`,
  ilike: (e, v) => sql`${e} ILIKE ${param(v, 'String')}`,
  contains: (e, v) => sql`${e} ILIKE ${param(containsPattern(v), 'String')}`,
  'not-contains': (e, v) => sql`${e} NOT ILIKE ${param(containsPattern(v), 'String')}`,
};

/**
 * Negated operators over a quantified target mean "no value satisfies the positive operator" (so a request without
 * the property, asset or tag matches `not-equals`), never "some value differs".
 */
const stringPositive: Record<StringOperator, StringOperator | undefined> = {
  equals: undefined,
  'not-equals': 'equals',
  like: undefined,
  ilike: undefined,
  contains: undefined,
  'not-contains': 'contains',
};

const compare: Record<NumberOperator, (a: Fragment, b: Fragment) => Fragment> = {
  equals: (a, b) => sql`${a} = ${b}`,
  'not-equals': (a, b) => sql`${a} != ${b}`,
  gt: (a, b) => sql`${a} > ${b}`,
  gte: (a, b) => sql`${a} >= ${b}`,
  lt: (a, b) => sql`${a} < ${b}`,
  lte: (a, b) => sql`${a} <= ${b}`,
};

interface IntRange {
  readonly min: bigint;
  readonly max: bigint;
}
const INT64_RANGE: IntRange = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const INT128_RANGE: IntRange = { min: -(2n ** 127n), max: 2n ** 127n - 1n };
const INSTANT_RANGE: IntRange = { min: BigInt(MIN_INSTANT_MS), max: BigInt(MAX_INSTANT_MS) };

/**
 * `integer column <op> t` exactly, for t given as floor and exactness. A t beyond the column's range folds to a
 * constant instead of overflowing a parameter.
 */
export function intCompare(
  e: Fragment,
  op: NumberOperator,
  t: IntThreshold,
  bind: (n: bigint) => Fragment,
  range: IntRange = INT64_RANGE,
): Fragment {
  if (t.floor > range.max || (t.floor === range.max && !t.exact)) {
    // t is above every storable value.
    return op === 'lt' || op === 'lte' || op === 'not-equals' ? TRUE : FALSE;
  }
  if (t.floor < range.min) return op === 'gt' || op === 'gte' || op === 'not-equals' ? TRUE : FALSE;
  const n = bind(t.floor);
  if (t.exact) return compare[op](e, n);
  switch (op) {
    case 'equals':
      return FALSE;
    case 'not-equals':
      return TRUE;
    case 'gt':
    case 'gte':
      return compare.gt(e, n);
    case 'lt':
    case 'lte':
      return compare.lte(e, n);
    default:
      return assertNever(op);
  }
}

export function stringSql(t: StringTarget, op: StringOperator, v: string): Fragment {
  if (t.kind === 'value') return stringOps[op](t.expr, v);
  const positive = stringPositive[op];
  if (positive) return sql`NOT (${t.exists((x) => stringOps[positive](x, v))})`;
  return t.exists((x) => stringOps[op](x, v));
}

export function numberSql(t: NumberTarget, op: NumberOperator, v: number): Fragment {
  switch (t.kind) {
    case 'int':
    case 'nano_usd': {
      const threshold = t.kind === 'int' ? numberThreshold(v) : usdToNanoThreshold(v);
      return t.wide
        ? intCompare(t.expr, op, threshold, (n) => param(n, 'Int128'), INT128_RANGE)
        : intCompare(t.expr, op, threshold, (n) => param(n, 'Int64'));
    }
    case 'float_exists': {
      const p = param(v, 'Float64');
      if (op === 'not-equals') return sql`NOT (${t.exists((x) => compare.equals(x, p))})`;
      return t.exists((x) => compare[op](x, p));
    }
    default:
      return assertNever(t);
  }
}

/** The SQL of one test against one target; the parser guarantees the key type and the test type agree. */
export function testSql(target: Target, test: Test): Fragment {
  switch (test.type) {
    case 'string':
    case 'contains-only':
      return stringSql(expectType(target, 'string'), test.operator, test.value);
    case 'number':
      return numberSql(expectType(target, 'number'), test.operator, test.value);
    case 'timestamp':
      return intCompare(
        expectType(target, 'timestamp').expr,
        test.operator,
        instantThreshold(test.value),
        (ms) => param(formatDateTime64(Number(ms)), "DateTime64(3, 'UTC')"),
        INSTANT_RANGE,
      );
    case 'boolean': {
      const t = expectType(target, 'boolean');
      const p = param(test.value, 'Bool');
      // A Nullable(Bool) without a value (no feedback yet) is neither true nor false.
      return t.nullable ? sql`(${t.expr} IS NOT NULL AND ${t.expr} = ${p})` : sql`${t.expr} = ${p}`;
    }
    default:
      return assertNever(test);
  }
}

function expectType<T extends Target['type']>(target: Target, type: T): Extract<Target, { type: T }> {
  if (target.type !== type) throw new QueryCompileError(`catalog target is ${target.type}, test is ${type}`);
  return target as Extract<Target, { type: T }>;
}
