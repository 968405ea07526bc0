// Filter tree -> SQL. Request-level conditions become WHERE predicates on request rows; the session-level conditions
// of a leaf become `session_id IN (per-session GROUP BY ... HAVING ...)`, itself a predicate on request rows, so AND
// and OR compose at any depth and a tree always means "the requests for which this boolean formula holds".
import type { FilterNode, FilterNodeKind, RequestCondition, SessionCondition, TimeWindow } from './ast.js';
import { propertyTarget, requestTargets, scoreTarget, searchPropertyTarget, sessionTargets } from './catalog.js';
import { testSql } from './predicates.js';
import { TRUE, and, or, selectFrom, sql, type Fragment } from './sql.js';

export interface CompileOptions {
  /** The query's window on request_created_at; it also bounds the requests that session aggregates see. */
  readonly window?: TimeWindow;
}

const requestConditionSql: { readonly [K in RequestCondition['kind']]: (c: Extract<RequestCondition, { kind: K }>) => Fragment } = {
  request_key: (c) => testSql(requestTargets[c.key], c.test),
  property: (c) => testSql(propertyTarget(c.name), c.test),
  search_property: (c) => testSql(searchPropertyTarget(c.name), c.test),
  score: (c) => testSql(scoreTarget(c.name), c.test),
};

const sessionConditionSql: { readonly [K in SessionCondition['kind']]: (c: Extract<SessionCondition, { kind: K }>) => Fragment } = {
  session_key: (c) => testSql(sessionTargets[c.key], c.test),
};

function requestCondition(c: RequestCondition): Fragment {
  return (requestConditionSql[c.kind] as (c: RequestCondition) => Fragment)(c);
}
function sessionCondition(c: SessionCondition): Fragment {
  return (sessionConditionSql[c.kind] as (c: SessionCondition) => Fragment)(c);
}

/** Predicates on the sort key's time column for [start, end): they prune parts and granules. */
export function windowPredicates(window: TimeWindow | undefined): Fragment[] {
  if (!window) return [];
  const target = requestTargets.request_created_at;
  return [
    testSql(target, { type: 'timestamp', operator: 'gte', value: window.start }),
    testSql(target, { type: 'timestamp', operator: 'lt', value: window.end }),
  ];
}

/** Sessions (requests with a Core-Session-Id, in the window) whose aggregates satisfy every condition. */
function sessionPredicate(conditions: readonly SessionCondition[], opts: CompileOptions): Fragment {
  const sessions = selectFrom({
    select: sql`session_id`,
    table: 'request_response_rmt',
    prewhere: windowPredicates(opts.window),
    where: [sql`session_id != ''`],
    groupBy: sql`session_id`,
    having: and(conditions.map(sessionCondition)),
  });
  return sql`session_id IN (${sessions})`;
}

/** The tree as one boolean predicate over request rows of `request_response_rmt`. */
export function filterPredicate(node: FilterNode, opts: CompileOptions = {}): Fragment {
  const handlers: { readonly [K in FilterNodeKind]: (n: Extract<FilterNode, { kind: K }>) => Fragment } = {
    all: () => TRUE,
    branch: (n) => (n.operator === 'and' ? and : or)([filterPredicate(n.left, opts), filterPredicate(n.right, opts)]),
    leaf: (n) =>
      and([...n.request.map(requestCondition), ...(n.session.length ? [sessionPredicate(n.session, opts)] : [])]),
  };
  return (handlers[node.kind] as (n: FilterNode) => Fragment)(node);
}

export interface ScanSpec extends CompileOptions {
  /** Select list over request_response_rmt columns, written in code (e.g. sql`request_id, scores`). */
  readonly columns: Fragment;
  readonly filter: FilterNode;
  /** More conditions in code (e.g. sql`session_id != ''`), ANDed with the filter. */
  readonly where?: readonly Fragment[];
}

/** The deduplicated requests of the organisation in the window that match the filter. */
export function requestScan(spec: ScanSpec): Fragment {
  return selectFrom({
    select: spec.columns,
    table: 'request_response_rmt',
    prewhere: windowPredicates(spec.window),
    where: [filterPredicate(spec.filter, spec), ...(spec.where ?? [])],
  });
}
