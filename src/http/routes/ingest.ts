// Log ingestion: POST /v1/log/request (JSON or NDJSON) and the manual-logger routes /custom|oai|anthropic/v1/log.
// Validation happens here, at the edge; src/ingest prepares rows and buffers them.
import { logAcceptedSchema, logBodySchema, logRecordSchema, manualLogBodySchema, type LogAccepted, type LogRecord, type ManualLogBody } from '../../../schema/log.js';
import { envelopeOf } from '../../../schema/common.js';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { acceptRecords, type FieldRecord } from '../../ingest/accept.js';
import { fieldsFromHeaders, manualLogToRecord, MANUAL_LOG_ROUTES, type ManualLogRoute } from '../../ingest/manual.js';
import type { IngestOrigin } from '../../ingest/normalize.js';
import { defineRoute, type AuthInfo, type RouteDef } from '../route.js';
import { assertJsonDepth, assertValid } from '../validate.js';

/** One record per non-empty line, each validated. Errors name the index (`body.3.field`) and the 1-based line. */
export function parseNdjson(raw: Buffer, maxRecords: number): FieldRecord[] {
  const out: FieldRecord[] = [];
  const lines = raw.toString('utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const field = `body.${out.length}`;
    if (out.length >= maxRecords) {
      throw new ValidationError(`body: more than ${maxRecords} records in one request (INGEST_MAX_REQUESTS_PER_POST)`, 'body');
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new ValidationError(`${field}: malformed JSON on line ${i + 1} (${(err as Error).message})`, field);
    }
    try {
      // The JSON parser only bounds depth for JSON bodies; a line is checked here (deep bodies overflow stringify).
      assertJsonDepth(value, field);
      out.push({ record: assertValid<LogRecord>(logRecordSchema, value, field), field });
    } catch (err) {
      if (err instanceof ValidationError) throw new ValidationError(`${err.message} (line ${i + 1})`, err.field);
      throw err;
    }
  }
  if (!out.length) throw new ValidationError('body: no records (one JSON object per line expected)', 'body');
  return out;
}

const origin = (auth: AuthInfo): IngestOrigin => ({ organizationId: auth.organizationId, keyId: auth.keyId, receivedAt: Date.now() });

export function ingestRoutes(ctx: AppContext): RouteDef[] {
  const max = ctx.config.ingest.maxRequestsPerPost;
  const accept = async (records: FieldRecord[], auth: AuthInfo): Promise<LogAccepted> => {
    const buffer = ctx.ingest.buffer;
    if (!buffer) throw new Error('this process does not accept logs (worker only)');
    // Prices of the running registry (catalog + REGISTRY_FILE) for records without a cost.
    const ids = await acceptRecords(buffer, records, origin(auth), (input) => ctx.registry.cost(input));
    return { accepted: ids.length, request_ids: ids };
  };
  const accepted = envelopeOf(logAcceptedSchema);

  const manual = (Object.keys(MANUAL_LOG_ROUTES) as ManualLogRoute[]).map((route) =>
    defineRoute<ManualLogBody>({
      method: 'post', path: `/${route}/v1/log`, operationId: `ManualLog_${route}`, tag: 'ingest', status: 202,
      summary: `Manual-logger body { providerRequest, providerResponse, timing, provider }; Core-*/Helicone-* headers`,
      body: manualLogBodySchema, response: accepted,
      handler: async ({ body, req, auth }) => {
        const record = manualLogToRecord(body, fieldsFromHeaders(req.rawHeaders), route);
        // The mapped record obeys the same limits as a posted one.
        return accept([{ record: assertValid<LogRecord>(logRecordSchema, record, 'body'), field: 'body' }], auth);
      },
    }),
  );

  return [
    defineRoute({
      method: 'post', path: '/v1/log/request', operationId: 'LogRequest', tag: 'ingest', status: 202,
      summary: `Log requests: one record, { requests: [...] } (at most ${max}), or NDJSON (one record per line)`,
      body: logBodySchema(max), extraContentTypes: ['application/x-ndjson'], response: accepted,
      handler: async ({ body, req, auth }) => {
        let records: FieldRecord[];
        if (Buffer.isBuffer(body)) records = parseNdjson(body, max);
        else if (req.body === undefined) {
          throw new ValidationError('body: expected Content-Type application/json or application/x-ndjson', 'body');
        } else if (Array.isArray((body as { requests?: unknown }).requests)) {
          records = (body as { requests: LogRecord[] }).requests.map((record, i) => ({ record, field: `body.requests.${i}` }));
        } else records = [{ record: body as LogRecord, field: 'body' }];
        return accept(records, auth);
      },
    }),
    ...manual,
  ];
}
