// Express app factory: builds the app from a context without listening, so tests mount it on an ephemeral port.
import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { AppContext } from '../context.js';
import { UserError } from '../errors.js';
import { authenticate } from './auth.js';
import { buildOpenApi } from './openapi.js';
import { mountRoutes, type RouteDef } from './route.js';
import { featureRoutes } from './routes/index.js';
import { systemRoutes } from './routes/system.js';

export const API_VERSION = '1.0.0';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );
  const limit = ctx.config.bodyLimitBytes;
  app.use(express.json({ limit, type: ['application/json', 'application/*+json'] }));
  // Bulk NDJSON stays bytes: it can go to the engine nearly as it came.
  app.use(express.raw({ limit, type: ['application/x-ndjson', 'application/jsonl'] }));

  let routes: RouteDef[] = [];
  let openapi: object | undefined;
  routes = [...systemRoutes(ctx, () => (openapi ??= buildOpenApi(routes, API_VERSION))), ...featureRoutes(ctx)];
  const router = express.Router();
  mountRoutes(router, routes, authenticate(ctx.keys));
  app.use(router);

  app.use((req, _res, next) => next(new UserError(404, 'not_found', `no route ${req.method} ${req.path}`)));
  app.use(errorHandler);
  return app;
}

const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const e = err as { type?: string; status?: number; message?: string; retryAfterSeconds?: number };
  let status: number;
  let message: string;
  if (err instanceof UserError) {
    status = err.status;
    message = err.message;
    if (e.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(e.retryAfterSeconds));
  } else if (e?.type === 'entity.parse.failed') {
    status = 400;
    message = `body: malformed JSON (${e.message})`;
  } else if (e?.type === 'entity.too.large') {
    status = 413;
    message = `body: larger than the limit of ${(err as { limit?: number }).limit} bytes`;
  } else if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    // Other body-parser errors (bad charset, content-encoding) are the caller's.
    status = e.status;
    message = `body: ${e.message}`;
  } else {
    status = 500;
    message = `internal error (request id ${String(req.id)})`;
    req.log?.error({ err }, 'unhandled error');
  }
  if (res.headersSent) return;
  res.status(status).json({ data: null, error: message });
};
