// Health, readiness, the OpenAPI document, and the loopback admin API the CLI uses while the server runs.
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { ForbiddenError } from '../../errors.js';
import { defineRoute, type HandlerInput, type RouteDef } from '../route.js';
import { anySchema, envelopeOf } from '../../../schema/common.js';
import { createKeyBodySchema, type CreateKeyBody } from '../../../schema/api-keys.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function requireAdmin(ctx: AppContext, { req }: HandlerInput<unknown>): void {
  const given = Buffer.from(req.get('x-switchyard-admin') ?? '');
  const want = Buffer.from(ctx.adminToken);
  const ok = LOOPBACK.has(req.socket.remoteAddress ?? '') && given.length === want.length && timingSafeEqual(given, want);
  if (!ok) throw new ForbiddenError('admin API: loopback and admin token required');
}

export function systemRoutes(ctx: AppContext, openapi: () => object): RouteDef[] {
  return [
    defineRoute({
      method: 'get', path: '/healthz', operationId: 'Health', summary: 'Liveness', tag: 'system', auth: false,
      response: envelopeOf({ type: 'object', properties: { status: { const: 'ok' } } }),
      handler: () => ({ status: 'ok' }),
    }),
    defineRoute({
      method: 'get', path: '/readyz', operationId: 'Ready', summary: 'Readiness: engine (and Redis) reachable', tag: 'system', auth: false,
      response: envelopeOf({ type: 'object' }),
      handler: async ({ res }) => {
        const checks: Record<string, string> = {};
        let ok = true;
        for (const { name, check } of [{ name: 'clickhouse', check: () => ctx.db.command('SELECT 1') }, ...ctx.readinessChecks]) {
          try {
            await check();
            checks[name] = 'ok';
          } catch (err) {
            ok = false;
            checks[name] = String((err as Error).message ?? err);
          }
        }
        if (!ok) {
          res.status(503).json({ data: null, error: `not ready: ${JSON.stringify(checks)}` });
          return undefined;
        }
        return { status: 'ready', checks };
      },
    }),
    defineRoute({
      method: 'get', path: '/openapi.json', operationId: 'OpenApi', summary: 'This document', tag: 'system', auth: false,
      envelope: false, response: anySchema,
      handler: () => openapi(),
    }),
    defineRoute({
      method: 'get', path: '/v1/me', operationId: 'WhoAmI', summary: 'The organisation and key id of the calling API key', tag: 'auth',
      response: envelopeOf({
        type: 'object', additionalProperties: false, required: ['organization_id', 'key_id'],
        properties: { organization_id: { type: 'string' }, key_id: { type: 'string' } },
      }),
      handler: ({ auth }) => ({ organization_id: auth.organizationId, key_id: auth.keyId }),
    }),
    defineRoute<CreateKeyBody>({
      method: 'post', path: '/internal/admin/keys', operationId: 'AdminCreateKey', summary: 'Create an API key', tag: 'admin',
      auth: false, internal: true, body: createKeyBodySchema, status: 201,
      handler: async (input) => {
        requireAdmin(ctx, input);
        return ctx.keys.create({ org: input.body.org, name: input.body.name });
      },
    }),
    defineRoute({
      method: 'get', path: '/internal/admin/keys', operationId: 'AdminListKeys', summary: 'List API keys', tag: 'admin',
      auth: false, internal: true,
      handler: async (input) => {
        requireAdmin(ctx, input);
        return ctx.keys.list();
      },
    }),
    defineRoute({
      method: 'delete', path: '/internal/admin/keys/:id', operationId: 'AdminRevokeKey', summary: 'Revoke an API key', tag: 'admin',
      auth: false, internal: true,
      handler: async (input) => {
        requireAdmin(ctx, input);
        await ctx.keys.revoke(input.params.id!);
        return { id: input.params.id, revoked: true };
      },
    }),
  ];
}
