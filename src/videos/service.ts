// POST /v1/videos: resolve the registry video model, keep the deployments whose VideoGenerationConstraints accept
// the request, submit to the first that answers (route() order: cheapest healthy first), and log the submission
// as a request with generation_status `submitting`.
import { randomUUID } from 'node:crypto';
import type { VideoBody, VideoJob } from '../../schema/videos.js';
import { ValidationError } from '../errors.js';
import type { CallLogger } from '../ingest/log-call.js';
import type { Logger } from '../logger.js';
import type { RegistryService } from '../registry/service.js';
import { NoRerankProviderError as NoProviderError, UpstreamFailedError } from '../rerank/service.js';
import { UpstreamError } from '../rerank/adapters.js';
import { checkVideoRequest, requestedSeconds } from './constraints.js';
import { VIDEO_ADAPTERS, type VideoSubmitted } from './adapters.js';

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
      const why = [
        ...routed.excluded.map((e) => `${e.slug}: ${e.reason}`),
        ...routed.candidates.filter((c) => !usable.includes(c)).map((c) => `${c.slug}: ${VIDEO_ADAPTERS[c.provider] ? 'request outside its contract' : 'no video adapter for this provider'}`),
      ];
      throw new NoProviderError(`no provider can serve video model ${body.model} now (${why.join('; ')})`);
    }

    const id = randomUUID();
    const started = Date.now();
    const failures: string[] = [];
    for (const c of usable) {
      const seconds = requestedSeconds(body, c.endpoint.modelConfig.videoGenerationConstraints!);
      let submitted: VideoSubmitted;
      try {
        submitted = await VIDEO_ADAPTERS[c.provider]!(
          { providerModelId: c.providerModelId, body, seconds, baseUrl: c.baseUrl, apiKey: c.apiKey, userConfig: c.endpoint.userConfig },
          c.provider,
        );
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        registry.health.recordFailure(c.healthKey);
        failures.push(err.message);
        if (err.retryable) continue;
        break;
      }
      registry.health.recordSuccess(c.healthKey);
      // Priced at submission from the requested length; the upstream bills the video it renders.
      const usd = registry.cost({
        provider: c.provider, model: body.model,
        usage: { videoSeconds: seconds ?? 0, ...(body.resolution && { variants: { resolution: body.resolution } }) },
      }).usd;
      const job: VideoJob = {
        id, object: 'video', model: body.model, provider: c.provider, provider_model_id: c.providerModelId, status: 'submitting',
        generation_id: submitted.generationId, seconds: seconds ?? 0, created_at: new Date(started).toISOString(), estimated_cost_usd: usd,
      };
      await this.log(who, {
        request_id: id, request_created_at: job.created_at, request_path: '/v1/videos', provider: c.provider.toUpperCase(),
        model: body.model, request_model: body.model, response_model: c.providerModelId, response_status: 200,
        request_body: body, response_body: submitted.response, delay_ms: Date.now() - started, cost: usd,
        generation_id: submitted.generationId, generation_status: 'submitting', generation_output_count: 0, generation_outputs: [],
      });
      return job;
    }
    const message = `every provider failed for ${body.model}: ${failures.join('; ')}`;
    await this.log(who, {
      request_id: id, request_created_at: new Date(started).toISOString(), request_path: '/v1/videos',
      provider: usable[0]!.provider.toUpperCase(), model: body.model, request_model: body.model, response_status: 502,
      request_body: body, response_body: { error: message }, delay_ms: Date.now() - started, cost: 0,
      generation_status: 'submitting', generation_error: { message: message.slice(0, 10_000), code: 'upstream_error' },
    });
    throw new UpstreamFailedError(message);
  }

  private async log(who: { organizationId: string; keyId: string }, record: Parameters<CallLogger>[1]): Promise<void> {
    try {
      await this.deps.log(who, record);
    } catch (err) {
      this.deps.logger.error({ err, requestId: record.request_id }, 'could not log video request');
    }
  }
}
