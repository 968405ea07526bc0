// POST /v1/rerank: resolve the registry model, try its rerank deployments in route() order (cheapest healthy first),
// normalise the scores, and log the call as a request (its id is the response id, readable with GET /v1/request/:id).
import { randomUUID } from 'node:crypto';
import type { RerankBody, RerankResponse } from '../../schema/rerank.js';
import { UserError, ValidationError } from '../errors.js';
import type { CallLogger } from '../ingest/log-call.js';
import type { Logger } from '../logger.js';
import type { RegistryService } from '../registry/service.js';
import { ADAPTERS, UpstreamError, type RerankScores } from './adapters.js';

/** Providers whose rerank API speaks another provider's wire format. */
const WIRE_FORMAT: Record<string, string> = { azure: 'cohere' };

export interface RerankDeps {
  registry: RegistryService;
  logger: Logger;
  /** Logs the call durably (the ingestion buffer); failures are logged, never fail the rerank. */
  log: CallLogger;
}

export class NoRerankProviderError extends UserError {
  constructor(message: string) {
    super(503, 'no_provider', message);
  }
}
export class UpstreamFailedError extends UserError {
  constructor(message: string) {
    super(502, 'upstream_error', message);
  }
}

export class RerankService {
  constructor(private readonly deps: RerankDeps) {}

  async rerank(body: RerankBody, who: { organizationId: string; keyId: string }): Promise<RerankResponse> {
    const { registry } = this.deps;
    const model = registry.registry.model(body.model);
    if (!model || !registry.registry.endpoints(body.model).some((e) => e.endpoint.supportedOperations.includes('rerank'))) {
      throw new ValidationError(
        `body.model: "${body.model}" is not a rerank model of the registry (GET /v1/public/model-registry/models lists models with operation rerank)`,
        'body.model',
      );
    }
    const texts = body.documents.map((d) => (typeof d === 'string' ? d : d.text));
    const routed = registry.route(body.model, 'rerank');
    const usable = routed.candidates.filter((c) => ADAPTERS[WIRE_FORMAT[c.provider] ?? c.provider]);
    if (!usable.length) {
      const why = [
        ...routed.excluded.map((e) => `${e.slug}: ${e.reason}`),
        ...routed.candidates.filter((c) => !usable.includes(c)).map((c) => `${c.slug}: no rerank adapter for this provider`),
      ];
      throw new NoRerankProviderError(`no provider can serve rerank model ${body.model} now (${why.join('; ')})`);
    }

    const id = randomUUID();
    const started = Date.now();
    const failures: string[] = [];
    for (const c of usable) {
      const adapter = ADAPTERS[WIRE_FORMAT[c.provider] ?? c.provider]!;
      let scores: RerankScores;
      try {
        scores = await adapter(
          { providerModelId: c.providerModelId, query: body.query, documents: texts, topN: body.top_n, task: body.task, baseUrl: c.baseUrl, apiKey: c.apiKey },
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
        id, started, provider: c.provider, model: body.model, providerModelId: c.providerModelId, status: 200, body, response,
        tokens: scores.inputTokens, cost,
      });
      return response;
    }
    const message = `every provider failed for ${body.model}: ${failures.join('; ')}`;
    await this.log(who, {
      id, started, provider: usable[0]!.provider, model: body.model, providerModelId: usable[0]!.providerModelId, status: 502,
      body, response: { error: message }, tokens: 0, cost: 0,
    });
    throw new UpstreamFailedError(message);
  }

  private async log(
    who: { organizationId: string; keyId: string },
    r: { id: string; started: number; provider: string; model: string; providerModelId: string; status: number; body: unknown; response: unknown; tokens: number; cost: number },
  ): Promise<void> {
    try {
      await this.deps.log(who, {
        request_id: r.id,
        request_created_at: new Date(r.started).toISOString(),
        request_path: '/v1/rerank',
        provider: r.provider.toUpperCase(),
        model: r.model,
        request_model: r.model,
        response_model: r.providerModelId,
        response_status: r.status,
        request_body: r.body,
        response_body: r.response,
        prompt_tokens: r.tokens,
        total_tokens: r.tokens,
        delay_ms: Date.now() - r.started,
        cost: r.cost,
      });
    } catch (err) {
      this.deps.logger.error({ err, requestId: r.id }, 'could not log rerank request');
    }
  }
}
