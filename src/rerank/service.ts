// POST /v1/rerank: resolve the registry model, try its rerank deployments in route() order (cheapest healthy first),
// normalise the scores, and log the call as a request (its id is the response id, readable with GET /v1/request/:id).
import { randomUUID } from 'node:crypto';
import type { LogRecord } from '../../schema/log.js';
import type { RerankBody, RerankResponse } from '../../schema/rerank.js';
import { ValidationError } from '../errors.js';
import type { CallLogger } from '../ingest/log-call.js';
import type { Logger } from '../logger.js';
import type { RegistryService } from '../registry/service.js';
import { firstSuccess, whyNone } from '../upstream/failover.js';
import { NoProviderError, UpstreamFailedError } from '../upstream/http.js';
import { ADAPTERS } from './adapters.js';

/** Providers whose rerank API speaks another provider's wire format. */
const WIRE_FORMAT: Record<string, string> = { azure: 'cohere' };
const adapterOf = (provider: string) => ADAPTERS[WIRE_FORMAT[provider] ?? provider];

export interface RerankDeps {
  registry: RegistryService;
  logger: Logger;
  /** Logs the call durably (the ingestion buffer); failures are logged, never fail the rerank. */
  log: CallLogger;
}

export class RerankService {
  constructor(private readonly deps: RerankDeps) {}

  async rerank(body: RerankBody, who: { organizationId: string; keyId: string }): Promise<RerankResponse> {
    const { registry } = this.deps;
    if (!registry.registry.model(body.model) || !registry.registry.endpoints(body.model).some((e) => e.endpoint.supportedOperations.includes('rerank'))) {
      throw new ValidationError(
        `body.model: "${body.model}" is not a rerank model of the registry (GET /v1/public/model-registry/models lists models with operation rerank)`,
        'body.model',
      );
    }
    const texts = body.documents.map((d) => (typeof d === 'string' ? d : d.text));
    const routed = registry.route(body.model, 'rerank');
    const usable = routed.candidates.filter((c) => adapterOf(c.provider));
    if (!usable.length) {
      const unusable = routed.candidates.map((c) => ({ slug: c.slug, reason: 'no rerank adapter for this provider' }));
      throw new NoProviderError(`no provider can serve rerank model ${body.model} now (${whyNone(routed.excluded, unusable)})`);
    }

    const id = randomUUID();
    const started = Date.now();
    const outcome = await firstSuccess(usable, registry.health, (c) =>
      adapterOf(c.provider)!(
        { providerModelId: c.providerModelId, query: body.query, documents: texts, topN: body.top_n, task: body.task, baseUrl: c.baseUrl, apiKey: c.apiKey },
        c.provider,
      ),
    );
    const c = outcome.candidate;
    const logged = {
      request_id: id, request_created_at: new Date(started).toISOString(), request_path: '/v1/rerank',
      provider: c.provider.toUpperCase(), model: body.model, request_model: body.model, response_model: c.providerModelId,
      request_body: body,
    } satisfies LogRecord;
    if (!outcome.ok) {
      const message = `every provider failed for ${body.model}: ${outcome.failures.join('; ')}`;
      await this.log(who, { ...logged, response_status: 502, response_body: { error: message }, delay_ms: Date.now() - started, cost: 0 });
      throw new UpstreamFailedError(message);
    }
    const scores = outcome.value;
    const results = scores.results.slice(0, body.top_n ?? scores.results.length).map((r) => ({
      index: r.index,
      relevance_score: r.relevance_score,
      ...(body.return_documents ? { document: { text: texts[r.index]! } } : {}),
    }));
    const response: RerankResponse = {
      id, object: 'list', model: c.providerModelId, provider: c.provider, results, usage: { input_tokens: scores.inputTokens },
    };
    const cost = registry.cost({ provider: c.provider, model: body.model, usage: { promptTokens: scores.inputTokens, requests: 1 } }).usd;
    await this.log(who, {
      ...logged, response_status: 200, response_body: response, prompt_tokens: scores.inputTokens,
      total_tokens: scores.inputTokens, delay_ms: Date.now() - started, cost,
    });
    return response;
  }

  private async log(who: { organizationId: string; keyId: string }, record: LogRecord): Promise<void> {
    try {
      await this.deps.log(who, record);
    } catch (err) {
      this.deps.logger.error({ err, requestId: record.request_id }, 'could not log rerank request');
    }
  }
}
