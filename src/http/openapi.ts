// Builds the OpenAPI 3.1 document from the same route list that Express mounts.
import { errorEnvelopeSchema } from '../../schema/common.js';
import type { RouteDef } from './route.js';

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z_]\w*)/g, '{$1}');

export function buildOpenApi(routes: readonly RouteDef[], version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const r of routes) {
    if (r.internal) continue;
    const p = toOpenApiPath(r.path);
    const params = [...r.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const content: Record<string, object> = {};
    if (r.body) content['application/json'] = { schema: r.body };
    for (const ct of r.extraContentTypes ?? []) content[ct] = { schema: { type: 'string' } };
    const errorResponse = { description: 'Error', content: { 'application/json': { schema: errorEnvelopeSchema } } };
    paths[p] ??= {};
    paths[p]![r.method] = {
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.tag],
      ...(params.length ? { parameters: params } : {}),
      ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
      ...(r.auth === false ? { security: [] } : {}),
      responses: {
        [String(r.status ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: r.response ?? {} } },
        },
        ...(r.auth === false ? {} : { '401': errorResponse }),
        '400': errorResponse,
        '500': errorResponse,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Switchyard gateway API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
