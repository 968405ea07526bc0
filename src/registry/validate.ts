// Validation of catalog and registry files. A separate ajv instance from the HTTP edge's, because this runs at start
// (and in the catalog script) and must not depend on the HTTP layer; errors name the file and a JSON path (`$.a.0.b`).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: false }));
const compiled = new WeakMap<object, ValidateFunction>();

export class RegistryFileError extends Error {
  constructor(readonly file: string, readonly jsonPath: string, readonly detail: string) {
    super(`${file}: ${jsonPath}: ${detail}`);
    this.name = 'RegistryFileError';
  }
}

/** `/models/3/endpoints/0` -> `$.models[3].endpoints[0]` */
export function jsonPath(instancePath: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${acc}.${p}` : `${acc}[${JSON.stringify(p)}]`), '$');
}

function describe(e: ErrorObject): { path: string; detail: string } {
  const at = jsonPath(e.instancePath);
  // An error about a key name (propertyNames) points at the key.
  if (e.propertyName !== undefined) {
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    return { path: jsonPath(`${e.instancePath}/${e.propertyName}`), detail: `is not a known name${allowed ? ` (allowed: ${allowed.join(', ')})` : ''}` };
  }
  switch (e.keyword) {
    case 'additionalProperties': {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      return { path: jsonPath(`${e.instancePath}/${extra}`), detail: 'unknown field' };
    }
    case 'required':
      return { path: jsonPath(`${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`), detail: 'is required' };
    case 'enum':
      return { path: at, detail: `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { path: at, detail: e.message ?? 'is invalid' };
  }
}

/** Validates `value` against `schema`; throws RegistryFileError naming `file` and the JSON path of the first error. */
export function validateOrThrow<T>(schema: object, value: unknown, file: string): T {
  let fn = compiled.get(schema);
  if (!fn) compiled.set(schema, (fn = ajv.compile(schema)));
  if (!fn(value)) {
    // The most specific error is the deepest one; anyOf branches report several.
    const { path, detail } = describe(fn.errors![0]!);
    throw new RegistryFileError(file, path, detail);
  }
  return value as T;
}
