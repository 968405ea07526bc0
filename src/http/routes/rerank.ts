// POST /v1/rerank (spec 4.4): bare response, no envelope.
import { rerankBodySchema, rerankResponseSchema, type RerankBody } from '../../../schema/rerank.js';
import type { AppContext } from '../../context.js';
import { validatedCallLogger } from '../call-logger.js';
import { RerankService } from '../../rerank/service.js';
import { defineRoute, type RouteDef } from '../route.js';

export function rerankRoutes(ctx: AppContext): RouteDef[] {
  const service = new RerankService({
    registry: ctx.registry,
    logger: ctx.logger,
    log: validatedCallLogger(ctx),
  });
  return [
    defineRoute<RerankBody>({
      method: 'post', path: '/v1/rerank', operationId: 'Rerank', tag: 'rerank', envelope: false,
      summary: 'Score documents against a query with a registry rerank model (provider-neutral)',
      body: rerankBodySchema, response: rerankResponseSchema,
      handler: ({ body, auth }) => service.rerank(body, auth),
    }),
  ];
}
