// A route is data: method, path, schemas and a handler. The same list mounts the Express routes,
// validates input, and builds /openapi.json, so the published document lists exactly what exists.
import type { Request, RequestHandler, Response, Router } from 'express';
import { ValidationError } from '../errors.js';
import { assertValid, normaliseJsonBody } from './validate.js';

export interface AuthInfo {
  organizationId: string;
  keyId: string;
}

export interface HandlerInput<B> {
  body: B;
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Present on every route with `auth !== false`. */
  auth: AuthInfo;
  req: Request;
  res: Response;
}

export interface RouteDef<B = any> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express path, e.g. `/v1/request/:requestId`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** Default true: the route needs `Authorization: Bearer <key>`. */
  auth?: boolean;
  /** JSON Schema of the body; validated before the handler runs. */
  body?: object;
  /** JSON Schema of the 2xx body as sent (envelope included where the route uses it); for the OpenAPI document. */
  response?: object;
  /** Default true: wrap the handler's result in `{ data, error: null }`. Prompts and rerank answer bare. */
  envelope?: boolean;
  /** Success status, default 200. */
  status?: number;
  /** Other content types the route accepts besides JSON (documented in OpenAPI), e.g. `application/x-ndjson`. */
  extraContentTypes?: string[];
  /** Not listed in /openapi.json (loopback admin endpoints). */
  internal?: boolean;
  /**
   * Returns the payload. Returning `undefined` after writing to `res` (304, streams) sends nothing more.
   */
  handler(input: HandlerInput<B>): Promise<unknown> | unknown;
}

export function defineRoute<B = unknown>(def: RouteDef<B>): RouteDef<B> {
  return def;
}

export function mountRoutes(router: Router, routes: readonly RouteDef[], authenticate: RequestHandler): void {
  const pass: RequestHandler = (_req, _res, next) => next();
  for (const route of routes) {
    router[route.method](route.path, route.auth === false ? pass : authenticate, async (req: Request, res: Response) => {
      const raw = Buffer.isBuffer(req.body);
      // A body the route cannot read (NDJSON sent to a JSON route, or a type no parser took) is refused here: it
      // would otherwise skip validation and reach the handler as bytes or as nothing.
      if (route.body && ((raw && !route.extraContentTypes?.length) || (req.body === undefined && sentBody(req)))) {
        const types = ['application/json', ...(route.extraContentTypes ?? [])].join(' or ');
        throw new ValidationError(`body: expected Content-Type ${types}`, 'body');
      }
      if (!raw && req.body !== undefined) req.body = normaliseJsonBody(req.body, 'body');
      const body = route.body && !raw ? assertValid(route.body, req.body ?? {}, 'body') : req.body;
      const result = await route.handler({
        body,
        params: req.params as Record<string, string>,
        query: req.query as Record<string, unknown>,
        auth: res.locals.auth as AuthInfo,
        req,
        res,
      });
      if (res.headersSent) return;
      res.status(route.status ?? 200);
      if (route.envelope === false) res.json(result);
      else res.json({ data: result ?? null, error: null });
    });
  }
}

/** The request carries body bytes (a length above zero, or chunked). */
function sentBody(req: Request): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return req.headers['transfer-encoding'] !== undefined || length > 0;
}
