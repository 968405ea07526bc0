// The filter compiler (ARCHITECTURE section 4): pure, no I/O. Parse a tree, compile it into fragments, render them
// with the organisation into frozen `{ sql, params }`.
export type { FilterNode, RequestCondition, SessionCondition, Test, TimeWindow } from './ast.js';
export { FilterError, QueryCompileError } from './errors.js';
export { parseFilter, parseTimeWindow, parseTimestamp } from './parse.js';
export { filterPredicate, requestScan, windowPredicates, type CompileOptions, type ScanSpec } from './compile.js';
export { containsPattern } from './predicates.js';
export { and, list, or, param, render, selectFrom, sql, type CompiledQuery, type Fragment, type ParamType } from './sql.js';
export { formatDateTime64, parseInstant, type Instant } from './values.js';
