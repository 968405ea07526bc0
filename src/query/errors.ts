// Two error families (STYLE 6): the caller's mistakes in a filter (400, naming the path) and our own bugs while
// compiling (500). Nothing here is retried or logged; the HTTP error middleware shapes both.
import { UserError } from '../errors.js';

/** A bad filter tree or time window. `field` is the dotted path, e.g. `body.filter.left.request_response_rmt.latency`. */
export class FilterError extends UserError {
  constructor(path: string, problem: string) {
    super(400, 'invalid_filter', `${path}: ${problem}`, path);
  }
}

/** A bug in the code that builds queries (no organisation, an unguarded table). Never the caller's fault: a 500. */
export class QueryCompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryCompileError';
  }
}
