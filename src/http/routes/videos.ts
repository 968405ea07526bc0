// POST /v1/videos (spec 4.12): the canonical video-generation request, checked against the deployment's contract.
import { envelopeOf } from '../../../schema/common.js';
import { videoBodySchema, videoJobSchema, type VideoBody } from '../../../schema/videos.js';
import type { AppContext } from '../../context.js';
import { validatedCallLogger } from '../call-logger.js';
import { VideoService } from '../../videos/service.js';
import { defineRoute, type RouteDef } from '../route.js';

export function videoRoutes(ctx: AppContext): RouteDef[] {
  const service = new VideoService({ registry: ctx.registry, logger: ctx.logger, log: validatedCallLogger(ctx) });
  return [
    defineRoute<VideoBody>({
      method: 'post', path: '/v1/videos', operationId: 'CreateVideo', tag: 'videos', status: 202,
      summary: 'Submit a video generation to a registry video model; fields checked against its VideoGenerationConstraints',
      body: videoBodySchema, response: envelopeOf(videoJobSchema),
      handler: ({ body, auth }) => service.submit(body, auth),
    }),
  ];
}
