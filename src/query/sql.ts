// A tiny SQL builder. SQL text comes only from template strings written in this codebase and from fixed catalog
// identifiers; every value is a typed `{pN:Type}` parameter. Tables are reachable only through `selectFrom`, which adds
// the tenant guard `organization_id = {org:String}`; `render` refuses to produce SQL without an organisation or with a
// table named in raw text (PostHog HogQL's rule: the guard is part of the printer, not a convention of callers).
import { QueryCompileError } from './errors.js';

export type ParamType = 'String' | 'Int64' | 'Int128' | 'UInt32' | 'Float64' | 'Bool' | "DateTime64(3, 'UTC')";

/** Tables that hold organisation data: each reference goes through `selectFrom` and carries the guard. */
export const guardedTables = ['request_response_rmt', 'session_tags'] as const;
export type GuardedTable = (typeof guardedTables)[number];
/** Every table with an `organization_id` column; none may appear in hand-written SQL text. */
const TENANT_TABLE_NAMES = /\b(request_response_rmt|session_tags|request_lookup)\b/;

type Chunk =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'param'; readonly value: string | number | boolean; readonly type: ParamType }
  | { readonly kind: 'tenant' }
  | { readonly kind: 'table'; readonly table: GuardedTable };

/** An immutable piece of SQL with its parameters not yet named. */
export interface Fragment {
  readonly chunks: readonly Chunk[];
}

const fragment = (chunks: readonly Chunk[]): Fragment => Object.freeze({ chunks: Object.freeze([...chunks]) });
const text = (t: string): Chunk => ({ kind: 'text', text: t });

/** sql`a = ${param(1, 'Int64')}`: static text plus fragments; there is no way to splice a plain string in. */
export function sql(strings: TemplateStringsArray, ...values: readonly Fragment[]): Fragment {
  const chunks: Chunk[] = [];
  strings.forEach((s, i) => {
    if (s) chunks.push(text(s));
    const v = values[i];
    if (i < values.length) {
      if (!v || !Array.isArray((v as Fragment).chunks)) throw new QueryCompileError('sql`` accepts only fragments');
      chunks.push(...v.chunks);
    }
  });
  return fragment(chunks);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT128_MIN = -(2n ** 127n);
const INT128_MAX = 2n ** 127n - 1n;

/**
 * A typed parameter. Reusing the returned fragment reuses the same placeholder. Int64 values travel as decimal
 * strings and unsafe-integer Float64 values as strings (the client refuses numbers beyond 2^53).
 */
export function param(value: string | number | bigint | boolean, type: ParamType): Fragment {
  let v: string | number | boolean;
  switch (type) {
    case 'Int64':
      if (typeof value !== 'bigint' && !(typeof value === 'number' && Number.isSafeInteger(value))) {
        throw new QueryCompileError(`Int64 parameter needs a bigint or safe integer, got ${String(value)}`);
      }
      if (BigInt(value) < INT64_MIN || BigInt(value) > INT64_MAX) throw new QueryCompileError('Int64 parameter out of range');
      v = BigInt(value).toString();
      break;
    case 'Int128':
      if (typeof value !== 'bigint' && !(typeof value === 'number' && Number.isSafeInteger(value))) {
        throw new QueryCompileError(`Int128 parameter needs a bigint or safe integer, got ${String(value)}`);
      }
      if (BigInt(value) < INT128_MIN || BigInt(value) > INT128_MAX) throw new QueryCompileError('Int128 parameter out of range');
      v = BigInt(value).toString();
      break;
    case 'Float64':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new QueryCompileError('Float64 parameter must be finite');
      v = Number.isInteger(value) && !Number.isSafeInteger(value) ? String(value) : value;
      break;
    case 'UInt32':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
        throw new QueryCompileError(`UInt32 parameter out of range: ${String(value)}`);
      }
      v = value;
      break;
    case 'Bool':
      if (typeof value !== 'boolean') throw new QueryCompileError('Bool parameter must be a boolean');
      v = value;
      break;
    case 'String':
    case "DateTime64(3, 'UTC')":
      if (typeof value !== 'string') throw new QueryCompileError(`${type} parameter must be a string`);
      v = value;
      break;
    default:
      return assertNever(type);
  }
  return fragment([{ kind: 'param', value: v, type }]);
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A column name from a fixed catalog. Never call this with input from a request. */
export function identifier(name: string): Fragment {
  if (!IDENTIFIER.test(name) || TENANT_TABLE_NAMES.test(name)) throw new QueryCompileError(`not a catalog identifier: ${name}`);
  return fragment([text(name)]);
}

export const TRUE = sql`true`;
export const FALSE = sql`false`;

/** `(a AND b AND c)`; the empty conjunction is `true`, and constant parts fold. */
export function and(parts: readonly Fragment[]): Fragment {
  if (parts.includes(FALSE)) return FALSE;
  return joined(parts.filter((p) => p !== TRUE), ' AND ', TRUE);
}
/** `(a OR b OR c)`; the empty disjunction is `false`, and constant parts fold. */
export function or(parts: readonly Fragment[]): Fragment {
  if (parts.includes(TRUE)) return TRUE;
  return joined(parts.filter((p) => p !== FALSE), ' OR ', FALSE);
}
/** Items separated by `, ` (select lists). */
export function list(parts: readonly Fragment[]): Fragment {
  if (parts.length === 0) throw new QueryCompileError('empty list');
  return fragment(parts.flatMap((p, i) => (i === 0 ? p.chunks : [text(', '), ...p.chunks])));
}

function joined(parts: readonly Fragment[], sep: ' AND ' | ' OR ', empty: Fragment): Fragment {
  if (parts.length === 0) return empty;
  if (parts.length === 1) return parts[0]!;
  return fragment([text('('), ...parts.flatMap((p, i) => (i === 0 ? p.chunks : [text(sep), ...p.chunks])), text(')')]);
}

export interface SelectSpec {
  readonly select: Fragment;
  readonly table: GuardedTable;
  /** Conditions on sort-key columns only (organisation, time): applied before FINAL merges versions. */
  readonly prewhere?: readonly Fragment[];
  /** Conditions on anything else: applied after FINAL picked each row's newest version. */
  readonly where?: readonly Fragment[];
  readonly groupBy?: Fragment;
  readonly having?: Fragment;
}

/**
 * `SELECT ... FROM <table> FINAL PREWHERE organization_id = {org:String} ...`: the only way to read a table.
 * FINAL deduplicates ReplacingMergeTree versions (the engine already skips merging across partitions, since the
 * partition key is a function of a sort-key column). PREWHERE holds only sort-key predicates: filtering a non-key
 * column before FINAL could drop a row's newest version and resurrect an older one (verified on the engine).
 */
export function selectFrom(spec: SelectSpec): Fragment {
  const chunks: Chunk[] = [
    text('SELECT '),
    ...spec.select.chunks,
    text(' FROM '),
    { kind: 'table', table: spec.table },
    text(' FINAL PREWHERE '),
    ...and([fragment([text('organization_id = '), { kind: 'tenant' }]), ...(spec.prewhere ?? [])]).chunks,
  ];
  const where = and(spec.where ?? []);
  if (where !== TRUE) chunks.push(text(' WHERE '), ...where.chunks);
  if (spec.groupBy) chunks.push(text(' GROUP BY '), ...spec.groupBy.chunks);
  if (spec.having) chunks.push(text(' HAVING '), ...spec.having.chunks);
  return fragment(chunks);
}

export interface CompiledQuery {
  readonly sql: string;
  readonly params: Readonly<Record<string, string | number | boolean>>;
}

/**
 * Names the parameters (`p0`, `p1`, ... in order of appearance; `org` for the tenant) and returns frozen SQL.
 * Throws a QueryCompileError (500) without an organisation or when a tenant table appears outside `selectFrom`.
 */
export function render(f: Fragment, ctx: { readonly organizationId: string }): CompiledQuery {
  if (typeof ctx?.organizationId !== 'string' || ctx.organizationId === '') {
    throw new QueryCompileError('refusing to compile a query without an organisation');
  }
  const names = new Map<Chunk, string>();
  const params: Record<string, string | number | boolean> = {};
  let out = '';
  for (const c of f.chunks) {
    switch (c.kind) {
      case 'text':
        if (TENANT_TABLE_NAMES.test(c.text)) {
          throw new QueryCompileError(`tenant table named in raw SQL text (use selectFrom): ${c.text.trim()}`);
        }
        out += c.text;
        break;
      case 'param': {
        let name = names.get(c);
        if (!name) {
          name = `p${names.size}`;
          names.set(c, name);
          params[name] = c.value;
        }
        out += `{${name}:${c.type}}`;
        break;
      }
      case 'tenant':
        out += '{org:String}';
        params.org = ctx.organizationId;
        break;
      case 'table':
        out += c.table;
        break;
      default:
        assertNever(c);
    }
  }
  return Object.freeze({ sql: out, params: Object.freeze(params) });
}

export function assertNever(x: never): never {
  throw new QueryCompileError(`unhandled case: ${JSON.stringify(x)}`);
}
