// ajv validation at the edge: schemas from schema/, errors turned into a 400 that names the field.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ValidationError } from '../errors.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export const ajv = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: false }));

const cache = new WeakMap<object, ValidateFunction>();

export function compile(schema: object): ValidateFunction {
  let fn = cache.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

/** `/filter/left/0` -> `body.filter.left.0` */
function dotted(root: string, instancePath: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [root, ...parts].join('.');
}

export function describeAjvError(root: string, e: ErrorObject): { field: string; message: string } {
  const at = dotted(root, e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties': {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const allowed = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
      return {
        field: `${at}.${extra}`,
        message: `${at}.${extra}: unknown field${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`,
      };
    }
    case 'required': {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      return { field: `${at}.${missing}`, message: `${at}.${missing}: is required` };
    }
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      return { field: at, message: `${at}: must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}` };
    }
    default:
      return { field: at, message: `${at}: ${e.message ?? 'is invalid'}` };
  }
}

/** Validates `value` against `schema`, throwing a ValidationError naming the first bad field. */
export function assertValid<T>(schema: object, value: unknown, root = 'body'): T {
  const fn = compile(schema);
  if (!fn(value)) {
    const { field, message } = describeAjvError(root, fn.errors![0]!);
    throw new ValidationError(message, field);
  }
  return value as T;
}

/**
 * Deepest nesting of objects and arrays a body may have. Far beyond real chat bodies and tool schemas, far below where
 * JSON.stringify or any recursive walk of the value overflows the stack (about 10,000 levels: a 500).
 */
export const MAX_JSON_DEPTH = 256;

/** A lone UTF-16 surrogate (in `u` mode a paired one is one code point, not a `Cs`). */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (s: string) => (LONE_SURROGATE.test(s) ? s.replace(/\p{Cs}/gu, '\uFFFD') : s);

function put(o: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, not assignment: a "__proto__" key of parsed JSON stays a plain property.
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Checks and normalises a parsed JSON body in place, iteratively (the walk itself cannot overflow):
 * - nesting deeper than `max` levels is a 400 naming `root`;
 * - a lone surrogate (`"\ud800"`, valid JSON but not Unicode) in a string or key becomes U+FFFD, as any UTF-8
 *   encoder does. The engine refuses such a string in an insert and the HTTP client cannot put it in a URL, so
 *   left alone it was a 500 on every write and, against a ClickHouse server, on every read that passes it on.
 */
export function normaliseJsonBody<T>(value: T, root = 'body', max = MAX_JSON_DEPTH): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  const stack: Array<[object, number]> = typeof value === 'object' && value !== null ? [[value, 1]] : [];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > max) throw new ValidationError(`${root}: nested deeper than ${max} levels of objects and arrays`, root);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const c: unknown = v[i];
        if (typeof c === 'string') v[i] = wellFormed(c);
        else if (typeof c === 'object' && c !== null) stack.push([c, depth + 1]);
      }
      continue;
    }
    const o = v as Record<string, unknown>;
    let badKey = false;
    for (const k of Object.keys(o)) {
      const c = o[k];
      if (typeof c === 'string') {
        const w = wellFormed(c);
        if (w !== c) put(o, k, w);
      } else if (typeof c === 'object' && c !== null) stack.push([c, depth + 1]);
      if (LONE_SURROGATE.test(k)) badKey = true;
    }
    if (badKey) {
      const entries = Object.entries(o);
      for (const [k] of entries) delete o[k];
      for (const [k, c] of entries) put(o, wellFormed(k), c);
    }
  }
  return value;
}

/** normaliseJsonBody for a value parsed elsewhere (NDJSON lines): the same depth bound and surrogate repair, in place. */
export function assertJsonDepth(value: unknown, root = 'body', max = MAX_JSON_DEPTH): void {
  normaliseJsonBody(value, root, max);
}
