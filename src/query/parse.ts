// Untrusted JSON -> the typed filter tree. Every rejection is a FilterError naming the exact path; nothing is dropped.
import {
  filterLimits,
  filterOperators,
  filterTables,
  freeFormKeyTypes,
  requestKeyTypes,
  sessionKeyTypes,
  type KeyType,
} from '../../schema/filter.js';
import type { FilterNode, Path, RequestCondition, SessionCondition, Test, TimeWindow } from './ast.js';
import { FilterError } from './errors.js';
import { compareInstants, parseInstant, type Instant } from './values.js';

const has = (o: object, k: string) => Object.hasOwn(o, k);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `a.b` for plain names, `a["odd name"]` for anything else (property names are free text). */
export function child(path: Path, name: string): Path {
  return /^[A-Za-z_][\w-]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

const TIMESTAMP_HINT = 'must be an ISO 8601 date-time with zone between 1900 and 2299, e.g. 2025-01-31T12:00:00.000Z';

/** Parses a filter tree (`"all"`, leaf or branch). `path` is where it sits in the body, e.g. `body.filter`. */
export function parseFilter(input: unknown, path: Path = 'filter'): FilterNode {
  const counter: Counter = { nodes: 0, text: 0 };
  return parseNode(input, path, 1, counter);
}

interface Counter {
  nodes: number;
  /** Characters of all strings (values and names) so far. */
  text: number;
}

/** Bounds one string and the total of all strings of the tree. */
function countText(counter: Counter, value: string, path: Path): void {
  if (value.length > filterLimits.maxStringLength) {
    throw new FilterError(path, `longer than ${filterLimits.maxStringLength} characters`);
  }
  counter.text += value.length;
  if (counter.text > filterLimits.maxTotalStringLength) {
    throw new FilterError(path, `the filter's strings exceed ${filterLimits.maxTotalStringLength} characters in total`);
  }
}

function countNode(counter: Counter, path: Path): void {
  counter.nodes += 1;
  if (counter.nodes > filterLimits.maxNodes) {
    throw new FilterError(path, `filter tree larger than ${filterLimits.maxNodes} nodes (branches, leaves and operators)`);
  }
}

function parseNode(input: unknown, path: Path, depth: number, counter: Counter): FilterNode {
  if (depth > filterLimits.maxDepth) throw new FilterError(path, `filter tree deeper than ${filterLimits.maxDepth} levels`);
  countNode(counter, path);
  if (input === 'all') return { kind: 'all', path };
  if (!isObject(input)) {
    throw new FilterError(
      path,
      'must be "all", a leaf { request_response_rmt?, sessions_request_response_rmt? } or a branch { left, operator, right }',
    );
  }
  if (has(input, 'left') || has(input, 'right') || has(input, 'operator')) return parseBranch(input, path, depth, counter);
  return parseLeaf(input, path, counter);
}

function parseBranch(input: Record<string, unknown>, path: Path, depth: number, counter: Counter): FilterNode {
  for (const k of Object.keys(input)) {
    if (k !== 'left' && k !== 'right' && k !== 'operator') {
      throw new FilterError(child(path, k), 'unknown field in a branch (allowed: left, operator, right)');
    }
  }
  for (const k of ['left', 'operator', 'right'] as const) {
    if (!has(input, k)) throw new FilterError(`${path}.${k}`, 'is required in a branch { left, operator, right }');
  }
  const operator = input.operator;
  if (operator !== 'and' && operator !== 'or') throw new FilterError(`${path}.operator`, 'must be "and" or "or"');
  return {
    kind: 'branch',
    operator,
    left: parseNode(input.left, `${path}.left`, depth + 1, counter),
    right: parseNode(input.right, `${path}.right`, depth + 1, counter),
    path,
  };
}

function parseLeaf(input: Record<string, unknown>, path: Path, counter: Counter): FilterNode {
  const request: RequestCondition[] = [];
  const session: SessionCondition[] = [];
  for (const table of Object.keys(input)) {
    const at = child(path, table);
    const set = input[table];
    if (!(filterTables as readonly string[]).includes(table)) {
      throw new FilterError(at, `unknown table (allowed: ${filterTables.join(', ')})`);
    }
    if (!isObject(set)) throw new FilterError(at, 'must be an object of { <key>: { <operator>: value } }');
    for (const key of Object.keys(set)) {
      const keyPath = child(at, key);
      const ops = set[key];
      if (table === 'sessions_request_response_rmt') {
        if (!has(sessionKeyTypes, key)) throw unknownKey(keyPath, Object.keys(sessionKeyTypes));
        const k = key as keyof typeof sessionKeyTypes;
        for (const [test, p] of parseTests(ops, sessionKeyTypes[k], keyPath, counter)) {
          session.push({ kind: 'session_key', key: k, test, path: p });
        }
      } else if (has(freeFormKeyTypes, key)) {
        request.push(...parseFreeForm(key as keyof typeof freeFormKeyTypes, ops, keyPath, counter));
      } else if (has(requestKeyTypes, key)) {
        const k = key as keyof typeof requestKeyTypes;
        for (const [test, p] of parseTests(ops, requestKeyTypes[k], keyPath, counter)) {
          request.push({ kind: 'request_key', key: k, test, path: p });
        }
      } else {
        throw unknownKey(keyPath, [...Object.keys(requestKeyTypes), ...Object.keys(freeFormKeyTypes)]);
      }
    }
  }
  return { kind: 'leaf', request, session, path };
}

function unknownKey(path: Path, allowed: string[]): FilterError {
  return new FilterError(path, `unknown key (allowed: ${allowed.join(', ')})`);
}

function parseFreeForm(
  key: keyof typeof freeFormKeyTypes,
  input: unknown,
  path: Path,
  counter: Counter,
): RequestCondition[] {
  if (!isObject(input) || Object.keys(input).length === 0) {
    throw new FilterError(path, `must be an object of { <name>: { <operator>: value } } with at least one name`);
  }
  const out: RequestCondition[] = [];
  for (const name of Object.keys(input)) {
    const namePath = child(path, name);
    countText(counter, name, namePath);
    for (const [test, p] of parseTests(input[name], freeFormKeyTypes[key], namePath, counter)) {
      if (key === 'scores' && test.type === 'number') out.push({ kind: 'score', name, test, path: p });
      else if (key === 'properties' && test.type === 'string') out.push({ kind: 'property', name, test, path: p });
      else if (key === 'search_properties' && test.type === 'string') out.push({ kind: 'search_property', name, test, path: p });
    }
  }
  return out;
}

/** `{ <operator>: value, ... }` -> one test per operator (all ANDed by the caller). */
function parseTests(input: unknown, type: KeyType, path: Path, counter: Counter): Array<[Test, Path]> {
  const allowed = filterOperators[type] as readonly string[];
  if (!isObject(input) || Object.keys(input).length === 0) {
    throw new FilterError(path, `must be an object of { <operator>: value } with at least one of: ${allowed.join(', ')}`);
  }
  return Object.keys(input).map((op) => {
    const opPath = child(path, op);
    if (!allowed.includes(op)) throw new FilterError(opPath, `unknown operator for a ${type} key (allowed: ${allowed.join(', ')})`);
    countNode(counter, opPath);
    const value = input[op];
    if (typeof value === 'string') countText(counter, value, opPath);
    return [parseTest(type, op, value, opPath), opPath];
  });
}

function parseTest(type: KeyType, operator: string, value: unknown, path: Path): Test {
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw new FilterError(path, 'must be a string');
      // The engine rejects a pattern whose last `\` escapes nothing; say so instead of failing with a 500.
      if ((operator === 'like' || operator === 'ilike') && /(^|[^\\])(\\\\)*\\$/.test(value)) {
        throw new FilterError(path, 'LIKE pattern ends with an unescaped backslash (write \\\\ for a literal one)');
      }
      return { type, operator: operator as Extract<Test, { type: 'string' }>['operator'], value };
    case 'contains-only':
      if (typeof value !== 'string') throw new FilterError(path, 'must be a string');
      return { type, operator: 'contains', value };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new FilterError(path, 'must be a finite number');
      return { type, operator: operator as Extract<Test, { type: 'number' }>['operator'], value };
    case 'timestamp':
      return { type, operator: operator as Extract<Test, { type: 'timestamp' }>['operator'], value: parseTimestamp(value, path) };
    case 'boolean':
      if (typeof value !== 'boolean') throw new FilterError(path, 'must be a boolean');
      return { type, operator: 'equals', value };
  }
}

export function parseTimestamp(value: unknown, path: Path): Instant {
  const instant = typeof value === 'string' ? parseInstant(value) : undefined;
  if (!instant) throw new FilterError(path, TIMESTAMP_HINT);
  return instant;
}

/** `{ start, end }` -> [start, end), refusing an empty or inverted window. */
export function parseTimeWindow(input: { start: unknown; end: unknown }, path: Path): TimeWindow {
  const start = parseTimestamp(input.start, `${path}.start`);
  const end = parseTimestamp(input.end, `${path}.end`);
  if (compareInstants(start, end) >= 0) throw new FilterError(path, 'start must be before end');
  return { start, end };
}
