// Every route of the API, in one list: Express mounts it and /openapi.json documents it.
import type { AppContext } from '../../context.js';
import type { RouteDef } from '../route.js';
import { analyticsRoutes } from './analytics.js';
import { ingestRoutes } from './ingest.js';
import { promptRoutes } from './prompts.js';
import { registryRoutes } from './registry.js';
import { requestRoutes } from './requests.js';
import { rerankRoutes } from './rerank.js';
import { videoRoutes } from './videos.js';
import { webhookRoutes } from './webhooks.js';

/** Feature route groups. Each feature module adds its group here. */
export function featureRoutes(ctx: AppContext): RouteDef[] {
  return [...ingestRoutes(ctx), ...requestRoutes(ctx), ...promptRoutes(ctx.prompts), ...webhookRoutes(ctx.webhooks), ...registryRoutes(ctx.registry), ...rerankRoutes(ctx), ...videoRoutes(ctx), ...analyticsRoutes(ctx)];
}
