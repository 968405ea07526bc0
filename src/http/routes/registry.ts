// GET /v1/public/model-registry/models (spec 4.1): public, cacheable. The body is rendered once per process and
// served with a strong ETag; a matching If-None-Match gets 304 without a body.
import { envelopeOf } from '../../../schema/common.js';
import { modelRegistryResponseSchema } from '../../../schema/registry.js';
import type { RegistryService } from '../../registry/service.js';
import { defineRoute, type RouteDef } from '../route.js';

/** Five minutes fresh, then revalidate with the ETag (a restart with another catalog changes it). */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=60';

/**
 * RFC 9110 13.1.2: `*` or any listed tag equal under weak comparison. (Express's req.fresh is not used: it answers
 * 200 to any request carrying `Cache-Control: no-cache`, which a conditional revalidation may well carry.)
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => opaque(t) === opaque(etag));
}

export function registryRoutes(registry: RegistryService): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/public/model-registry/models',
      operationId: 'GetModelRegistry',
      summary: 'Models with their provider endpoints, pricing, capabilities and filters',
      tag: 'model-registry',
      auth: false,
      response: envelopeOf(modelRegistryResponseSchema),
      handler: ({ req, res }) => {
        const { json, etag } = registry.view();
        res.set({ ETag: etag, 'Cache-Control': CACHE_CONTROL });
        if (matchesIfNoneMatch(req.get('if-none-match'), etag)) {
          res.status(304).end();
          return undefined;
        }
        res.status(200).type('application/json').send(json);
        return undefined;
      },
    }),
  ];
}
