// The filter semantics, restated in plain TypeScript over in-memory rows (written independently of src/query: it
// reads the wire-format tree, not the compiler's AST). Property tests compare it with the compiled SQL on the engine.
import type { RequestRow, TagRow } from '../analytics/fixtures.js';

type Json = any;

export interface ReferenceData {
  /** Every inserted row, all organisations, all versions. */
  rows: readonly RequestRow[];
  tags: readonly TagRow[];
}

export interface Window {
  start: string;
  end: string;
}

/** Instants as BigInt nanoseconds since the epoch, so sub-millisecond thresholds stay exact. */
function nanos(iso: string): bigint {
  const m = /^(.*?:\d\d:\d\d)(?:[.,](\d+))?(Z|z|[+-]\d\d(?::?\d\d)?)$/.exec(iso);
  if (!m) throw new Error(`reference: bad instant ${iso}`);
  const digits = (m[2] ?? '').padEnd(9, '0');
  const ms = Date.parse(`${m[1]}.${digits.slice(0, 3)}${m[3]!.length === 5 ? `${m[3]!.slice(0, 3)}:${m[3]!.slice(3)}` : m[3]}`);
  if (Number.isNaN(ms)) throw new Error(`reference: bad instant ${iso}`);
  return BigInt(ms) * 1_000_000n + BigInt(digits.slice(3));
}
const storedNanos = (dt: string) => BigInt(Date.parse(dt.replace(' ', 'T') + 'Z')) * 1_000_000n;

/** ClickHouse LIKE: % any run, _ one character, \ escapes % _ \ (before anything else it is a literal \). */
function likeRegex(pattern: string, flags: string): RegExp {
  let re = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\') {
      const n = chars[i + 1]!;
      if (n === '%' || n === '_' || n === '\\') {
        re += n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        i++;
      } else re += '\\\\';
    } else if (c === '%') re += '.*';
    else if (c === '_') re += '.';
    else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, `su${flags}`);
}

const stringOps: Record<string, (s: string, v: string) => boolean> = {
  equals: (s, v) => s === v,
  'not-equals': (s, v) => s !== v,
  like: (s, v) => likeRegex(v, '').test(s),
  ilike: (s, v) => likeRegex(v, 'i').test(s),
  contains: (s, v) => s.toLowerCase().includes(v.toLowerCase()),
  'not-contains': (s, v) => !s.toLowerCase().includes(v.toLowerCase()),
};
const positiveOf: Record<string, string> = { 'not-equals': 'equals', 'not-contains': 'contains' };

/** "Some value satisfies it"; negated operators: "no value satisfies the positive one". */
function someString(values: readonly string[], op: string, v: string): boolean {
  const pos = positiveOf[op];
  if (pos) return !values.some((s) => stringOps[pos]!(s, v));
  return values.some((s) => stringOps[op]!(s, v));
}

const cmp: Record<string, (a: number | bigint, b: number | bigint) => boolean> = {
  equals: (a, b) => a == b,
  'not-equals': (a, b) => a != b,
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
};

/** Compares integer nano-USD with a USD amount by cross-multiplying exact decimals. */
function compareNanoUsd(nano: bigint, op: string, usd: number): boolean {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(usd))!;
  const mantissa = BigInt(`${m[1]}${m[2]}${m[3] ?? ''}`);
  const pow10 = Number(m[4] ?? 0) - (m[3]?.length ?? 0); // usd = mantissa * 10^pow10
  // nano * 10^-9 <op> mantissa * 10^pow10  <=>  nano * 10^a <op> mantissa * 10^b
  const shift = pow10 + 9;
  const left = shift < 0 ? nano * 10n ** BigInt(-shift) : nano;
  const right = shift > 0 ? mantissa * 10n ** BigInt(shift) : mantissa;
  return cmp[op]!(left, right);
}

const requestString: Record<string, (r: RequestRow) => string[]> = {
  country_code: (r) => [r.country_code],
  provider: (r) => [r.provider],
  model: (r) => [r.model],
  user_id: (r) => [r.request_user_id],
  organization_id: (r) => [r.organization_id],
  node_id: (r) => [r.node_id],
  job_id: (r) => [r.job_id],
  request_id: (r) => [r.request_id],
  target_url: (r) => [r.target_url],
  cache_reference_id: (r) => [r.cache_reference_id],
  prompt_id: (r) => [r.prompt_id],
  prompt_version: (r) => [r.prompt_version],
  request_referrer: (r) => [r.request_referrer],
  request_body: (r) => [r.request_body],
  response_body: (r) => [r.response_body],
};
const requestMulti: Record<string, (r: RequestRow) => string[]> = {
  scores_column: (r) => Object.keys(r.scores),
  assets: (r) => r.asset_ids,
};
const requestNumber: Record<string, (r: RequestRow) => number> = {
  latency: (r) => r.delay_ms,
  time_to_first_token: (r) => r.time_to_first_token,
  status: (r) => r.response_status,
  prompt_tokens: (r) => r.prompt_tokens,
  completion_tokens: (r) => r.completion_tokens,
  prompt_cache_read_tokens: (r) => r.prompt_cache_read_tokens,
  prompt_cache_write_tokens: (r) => r.prompt_cache_write_tokens,
  total_tokens: (r) => r.total_tokens,
};
const requestBool: Record<string, (r: RequestRow) => boolean | null> = {
  threat: (r) => r.threat,
  cache_enabled: (r) => r.cache_enabled,
  cached: (r) => r.cached,
  'core-score-feedback': (r) => r.feedback_rating,
  is_passthrough_billing: (r) => r.is_passthrough_billing,
};

interface Session {
  id: string;
  requests: RequestRow[];
  tag: string | undefined;
}

function evalRequestKey(r: RequestRow, key: string, ops: Json): boolean {
  if (key === 'properties' || key === 'search_properties' || key === 'scores') {
    return Object.entries(ops).every(([name, inner]) => evalFreeForm(r, key, name, inner));
  }
  return Object.entries(ops).every(([op, v]: [string, Json]) => {
    if (key in requestString) return stringOps[op]!(requestString[key]!(r)[0]!, v);
    if (key in requestMulti) return someString(requestMulti[key]!(r), op, v);
    if (key in requestNumber) return cmp[op]!(requestNumber[key]!(r), v);
    if (key === 'cost') return compareNanoUsd(BigInt(r.cost_nano_usd), op, v);
    if (key === 'request_created_at') return cmp[op]!(storedNanos(r.request_created_at), nanos(v));
    if (key === 'response_created_at') return cmp[op]!(storedNanos(r.response_created_at), nanos(v));
    if (key in requestBool) return requestBool[key]!(r) === v;
    throw new Error(`reference: unknown key ${key}`);
  });
}

// Free-form keys nest one level deeper: { properties: { NAME: { op: v } } }.
function evalFreeForm(r: RequestRow, key: string, name: string, ops: Json): boolean {
  return Object.entries(ops).every(([op, v]: [string, Json]) => {
    if (key === 'properties') return someString(name in r.properties ? [r.properties[name]!] : [], op, v);
    if (key === 'search_properties') {
      const values = Object.entries(r.properties)
        .filter(([k]) => k.toLowerCase().includes(name.toLowerCase()))
        .map(([, val]) => val);
      return someString(values, op, v);
    }
    const has = Object.hasOwn(r.scores, name);
    if (op === 'not-equals') return !(has && r.scores[name] === v);
    return has && cmp[op]!(r.scores[name]!, v);
  });
}

function evalSessionKey(s: Session, key: string, op: string, v: Json): boolean {
  const rs = s.requests;
  const sum = (f: (r: RequestRow) => number) => rs.reduce((a, r) => a + f(r), 0);
  switch (key) {
    case 'session_session_id':
      return stringOps[op]!(s.id, v);
    case 'session_session_name':
      return someString(rs.map((r) => r.properties['Core-Session-Name'] ?? ''), op, v);
    case 'session_tag':
      return someString(s.tag === undefined ? [] : [s.tag], op, v);
    case 'session_total_cost':
      return compareNanoUsd(rs.reduce((a, r) => a + BigInt(r.cost_nano_usd), 0n), op, v);
    case 'session_total_tokens':
      return cmp[op]!(sum((r) => r.total_tokens), v);
    case 'session_prompt_tokens':
      return cmp[op]!(sum((r) => r.prompt_tokens), v);
    case 'session_completion_tokens':
      return cmp[op]!(sum((r) => r.completion_tokens), v);
    case 'session_total_requests':
      return cmp[op]!(rs.length, v);
    case 'session_created_at':
      return cmp[op]!(rs.map((r) => storedNanos(r.request_created_at)).reduce((a, b) => (a < b ? a : b)), nanos(v));
    case 'session_latest_request_created_at':
      return cmp[op]!(rs.map((r) => storedNanos(r.request_created_at)).reduce((a, b) => (a > b ? a : b)), nanos(v));
    default:
      throw new Error(`reference: unknown session key ${key}`);
  }
}

/** The newest version of each request (ReplacingMergeTree + FINAL). */
export function latestRows(rows: readonly RequestRow[]): RequestRow[] {
  const byKey = new Map<string, RequestRow>();
  for (const r of rows) {
    const k = `${r.organization_id}\u0000${r.request_created_at}\u0000${r.request_id}`;
    const prev = byKey.get(k);
    if (!prev || r.version >= prev.version) byKey.set(k, r);
  }
  return [...byKey.values()];
}

/** Requests of `org` in the window, deduplicated: what the compiled scan reads before the filter. */
export function visibleRows(data: ReferenceData, org: string, window?: Window): RequestRow[] {
  return latestRows(data.rows).filter(
    (r) =>
      r.organization_id === org &&
      (!window || (storedNanos(r.request_created_at) >= nanos(window.start) && storedNanos(r.request_created_at) < nanos(window.end))),
  );
}

export function sessionsOf(data: ReferenceData, org: string, rows: readonly RequestRow[]): Map<string, Session> {
  const tags = new Map<string, TagRow>();
  for (const t of data.tags) {
    if (t.organization_id !== org) continue;
    const prev = tags.get(t.session_id);
    if (!prev || t.version >= prev.version) tags.set(t.session_id, t);
  }
  const sessions = new Map<string, Session>();
  for (const r of rows) {
    const id = r.properties['Core-Session-Id'] ?? '';
    if (id === '') continue;
    let s = sessions.get(id);
    if (!s) {
      const t = tags.get(id);
      s = { id, requests: [], tag: t && !t.is_deleted ? t.tag : undefined };
      sessions.set(id, s);
    }
    s.requests.push(r);
  }
  return sessions;
}

/** Request ids of `org` matching `filter` within the window. */
export function expectedIds(data: ReferenceData, org: string, filter: Json, window?: Window): Set<string> {
  const rows = visibleRows(data, org, window);
  const sessions = sessionsOf(data, org, rows);
  const matches = (node: Json, r: RequestRow): boolean => {
    if (node === 'all') return true;
    if ('left' in node) {
      return node.operator === 'and' ? matches(node.left, r) && matches(node.right, r) : matches(node.left, r) || matches(node.right, r);
    }
    const req = node.request_response_rmt ?? {};
    if (!Object.entries(req).every(([key, ops]) => evalRequestKey(r, key, ops))) return false;
    const sess = node.sessions_request_response_rmt ?? {};
    if (Object.keys(sess).length === 0) return true;
    const s = sessions.get(r.properties['Core-Session-Id'] ?? '');
    if (!s) return false;
    return Object.entries(sess).every(([key, ops]: [string, Json]) =>
      Object.entries(ops).every(([op, v]) => evalSessionKey(s, key, op, v)),
    );
  };
  return new Set(rows.filter((r) => matches(filter, r)).map((r) => r.request_id));
}
