// POST /v1/videos: resolve the registry video model, keep the deployments whose VideoGenerationConstraints accept
// the request, submit to the first that answers (route() order: cheapest healthy first), and log the submission
// as a request with generation_status `submitting`.
import { randomUUID } from 'node:crypto';
import type { LogRecord } from '../../schema/log.js';
import type { VideoBody, VideoJob } from '../../schema/videos.js';
import { ValidationError } from '../errors.js';
import type { CallLogger } from '../ingest/log-call.js';
import type { Logger } from '../logger.js';
import type { RegistryService } from '../registry/service.js';
import { firstSuccess, whyNone } from '../upstream/failover.js';
import { NoProviderError, UpstreamFailedError } from '../upstream/http.js';
import { checkVideoRequest, requestedSeconds } from './constraints.js';
import { VIDEO_ADAPTERS } from './adapters.js';

export interface VideoDeps {
  registry: RegistryService;
  logger: Logger;
  log: CallLogger;
}

export class VideoService {
  constructor(private readonly deps: VideoDeps) {}

  async submit(body: VideoBody, who: { organizationId: string; keyId: string }): Promise<VideoJob> {
    const { registry } = this.deps;
    const supports = registry.registry.endpoints(body.model).filter((e) => e.endpoint.supportedOperations.includes('video_generations'));
    if (!registry.registry.model(body.model) || !supports.length) {
      throw new ValidationError(
        `body.model: "${body.model}" is not a video model of the registry (GET /v1/public/model-registry/models lists models with operation video_generations)`,
        'body.model',
      );
    }
    // The request must fit the contract of at least one deployment; report the first deployment's objection.
    const fits = (c: { endpoint: { modelConfig: { videoGenerationConstraints?: Parameters<typeof checkVideoRequest>[1] } } }) => {
      const vc = c.endpoint.modelConfig.videoGenerationConstraints;
      return vc ? checkVideoRequest(body, vc) : { field: 'body', message: 'the endpoint declares no video contract' };
    };
    const objection = supports.map(fits).find((v) => v !== undefined);
    if (supports.every((e) => fits(e) !== undefined)) {
      throw new ValidationError(`${objection!.field}: ${objection!.message}`, objection!.field);
    }

    const routed = registry.route(body.model, 'video_generations');
    const usable = routed.candidates.filter((c) => VIDEO_ADAPTERS[c.provider] && fits(c) === undefined);
    if (!usable.length) {
      const unusable = routed.candidates.map((c) => ({
        slug: c.slug, reason: VIDEO_ADAPTERS[c.provider] ? 'request outside its contract' : 'no video adapter for this provider',
      }));
      throw new NoProviderError(`no provider can serve video model ${body.model} now (${whyNone(routed.excluded, unusable)})`);
    }

    const id = randomUUID();
    const started = Date.now();
    const secondsAt = (c: (typeof usable)[number]) => requestedSeconds(body, c.endpoint.modelConfig.videoGenerationConstraints!);
    const outcome = await firstSuccess(usable, registry.health, (c) =>
      VIDEO_ADAPTERS[c.provider]!(
        { providerModelId: c.providerModelId, body, seconds: secondsAt(c), baseUrl: c.baseUrl, apiKey: c.apiKey, userConfig: c.endpoint.userConfig },
        c.provider,
      ),
    );
    const c = outcome.candidate;
    const logged = {
      request_id: id, request_created_at: new Date(started).toISOString(), request_path: '/v1/videos',
      provider: c.provider.toUpperCase(), model: body.model, request_model: body.model, response_model: c.providerModelId,
      request_body: body, generation_status: 'submitting',
    } satisfies LogRecord;
    if (!outcome.ok) {
      const message = `every provider failed for ${body.model}: ${outcome.failures.join('; ')}`;
      await this.log(who, {
        ...logged, response_status: 502, response_body: { error: message }, delay_ms: Date.now() - started, cost: 0,
        generation_error: { message: message.slice(0, 10_000), code: 'upstream_error' },
      });
      throw new UpstreamFailedError(message);
    }
    const seconds = secondsAt(c) ?? 0;
    // Priced at submission from the requested length; the upstream bills the video it renders.
    const usd = registry.cost({
      provider: c.provider, model: body.model,
      usage: { videoSeconds: seconds, ...(body.resolution && { variants: { resolution: body.resolution } }) },
    }).usd;
    const job: VideoJob = {
      id, object: 'video', model: body.model, provider: c.provider, provider_model_id: c.providerModelId, status: 'submitting',
      generation_id: outcome.value.generationId, seconds, created_at: logged.request_created_at, estimated_cost_usd: usd,
    };
    await this.log(who, {
      ...logged, response_status: 200, response_body: outcome.value.response, delay_ms: Date.now() - started, cost: usd,
      generation_id: outcome.value.generationId, generation_output_count: 0, generation_outputs: [],
    });
    return job;
  }

  private async log(who: { organizationId: string; keyId: string }, record: LogRecord): Promise<void> {
    try {
      await this.deps.log(who, record);
    } catch (err) {
      this.deps.logger.error({ err, requestId: record.request_id }, 'could not log video request');
    }
  }
}
