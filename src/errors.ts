// Two error families: the caller's mistakes (UserError -> 4xx with a message naming the field) and our bugs
// (anything else -> 500, logged with the request id). Feature modules throw these; one middleware shapes them.
export class UserError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Path of the offending input, e.g. `body.filter.left.request_response_rmt.latency`. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends UserError {
  constructor(message: string, field?: string) {
    super(400, 'invalid_request', message, field);
  }
}
export class UnauthorizedError extends UserError {
  constructor(message = 'missing or invalid API key') {
    super(401, 'unauthorized', message);
  }
}
export class ForbiddenError extends UserError {
  constructor(message = 'forbidden') {
    super(403, 'forbidden', message);
  }
}
export class NotFoundError extends UserError {
  constructor(message: string, field?: string) {
    super(404, 'not_found', message, field);
  }
}
export class PayloadTooLargeError extends UserError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}
export class TooManyRequestsError extends UserError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, 'too_many_requests', message);
  }
}
