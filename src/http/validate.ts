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

/** Throws a 400 when `value` nests objects/arrays deeper than `max`. Iterative, so the check itself cannot overflow. */
export function assertJsonDepth(value: unknown, root = 'body', max = MAX_JSON_DEPTH): void {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) throw new ValidationError(`${root}: nested deeper than ${max} levels of objects and arrays`, root);
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
}
