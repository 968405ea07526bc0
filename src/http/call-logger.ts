// The call logger the upstream-calling features (rerank, videos) get: records validated like posted logs.
import { logRecordSchema, type LogRecord } from '../../schema/log.js';
import type { AppContext } from '../context.js';
import { callLogger, type CallLogger } from '../ingest/log-call.js';
import { assertValid } from './validate.js';

export function validatedCallLogger(ctx: AppContext): CallLogger {
  return callLogger(ctx.ingest, (record) => assertValid<LogRecord>(logRecordSchema, record, 'record'));
}
