// route(): the ordered list of deployments to try for (model, operation), from the caller's configuration
// (allowed / preferred providers, required compliance), availability (operation supported, not retired, credentials
// configured, not cooling down) and price (cheapest first, then priority, then slug). Pure given its inputs, so the
// same inputs always give the same order.
import type { Endpoint, ModelOperation, ModelProviderName, RoutingConfig } from '../../schema/registry.js';
import type { ProviderAccessTable } from './access.js';
import { priceUsage, type Usage } from './cost.js';
import { ProviderHealth } from './health.js';
import { normalizeProvider } from './providers.js';
import type { Registry, ResolvedEndpoint } from './registry.js';

export interface RouteCandidate {
  readonly modelId: string;
  readonly provider: ModelProviderName;
  readonly slug: string;
  readonly providerModelId: string;
  readonly endpoint: Endpoint;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  /** USD of the operation's reference request (see REFERENCE_USAGE): the price the order is based on. */
  readonly referenceUsd: number;
  readonly priority: number;
  /** Key to report this deployment's outcome to ProviderHealth. */
  readonly healthKey: string;
}

export interface RouteExclusion {
  readonly slug: string;
  readonly reason: string;
}

export interface RouteResult {
  /** The registry model the name resolved to; undefined when the model is unknown. */
  readonly modelId?: string;
  readonly candidates: readonly RouteCandidate[];
  /** Every deployment left out, with why: for error messages when nothing is left. */
  readonly excluded: readonly RouteExclusion[];
}

/** Default priority of a deployment that declares none; lower is tried first among equal prices. */
export const DEFAULT_PRIORITY = 100;

/** The request each operation is priced at to compare providers (same units across providers of one model). */
export const REFERENCE_USAGE: Record<ModelOperation, Usage> = {
  chat_completions: { promptTokens: 1000, completionTokens: 1000 },
  responses: { promptTokens: 1000, completionTokens: 1000 },
  embeddings: { promptTokens: 1000 },
  image_generations: { promptTokens: 100, images: 1, completionImageTokens: 1000 },
  audio_transcriptions: { audioSeconds: 60 },
  audio_translations: { audioSeconds: 60 },
  audio_speech: { characters: 1000 },
  rerank: { promptTokens: 1000, requests: 1 },
  video_generations: { videoSeconds: 1 },
};

export interface RouteDeps {
  registry: Registry;
  access: ProviderAccessTable;
  health: ProviderHealth;
}

const providerList = (names: readonly string[] | undefined) =>
  (names ?? []).map((n) => normalizeProvider(n)).filter((p): p is ModelProviderName => p !== undefined);

export function route(deps: RouteDeps, model: string, operation: ModelOperation, config: RoutingConfig = {}): RouteResult {
  const modelId = deps.registry.model(model) ? model : deps.registry.resolveModelId(model);
  if (!modelId) return { candidates: [], excluded: [] };
  const allowed = config.allowedProviders ? new Set(providerList(config.allowedProviders)) : undefined;
  const preferred = providerList(config.preferredProviders);
  const named = new Set([...(allowed ?? []), ...preferred]);
  const compliance = new Set(config.compliance ?? []);

  const excluded: RouteExclusion[] = [];
  const candidates: RouteCandidate[] = [];
  const exclude = (r: ResolvedEndpoint, reason: string) => excluded.push({ slug: r.slug, reason });

  for (const r of deps.registry.endpoints(modelId)) {
    const e = r.endpoint;
    if (!e.supportedOperations.includes(operation)) { exclude(r, `does not support ${operation}`); continue; }
    if (e.lifecycle === 'retired') { exclude(r, 'retired'); continue; }
    if (allowed && !allowed.has(e.provider)) { exclude(r, 'provider not in allowedProviders'); continue; }
    if (e.modelConfig.requireExplicitRouting && !named.has(e.provider)) { exclude(r, 'requires explicit routing: name the provider'); continue; }
    if (compliance.has('zdr') && !r.compliance.zeroDataRetention) { exclude(r, 'no zero data retention'); continue; }
    if (compliance.has('hipaa') && !r.compliance.hipaaEligible) { exclude(r, 'not HIPAA eligible'); continue; }
    const access = deps.access.get(e.provider, e.userConfig);
    if (!access.configured) { exclude(r, `not configured: set ${access.missing}`); continue; }
    const healthKey = ProviderHealth.key(modelId, r.slug);
    const until = deps.health.coolingUntil(healthKey);
    if (until !== undefined) { exclude(r, `cooling down after failures until ${new Date(until).toISOString()}`); continue; }
    candidates.push(Object.freeze({
      modelId, provider: e.provider, slug: r.slug, providerModelId: e.providerModelId, endpoint: e,
      ...(access.baseUrl && { baseUrl: access.baseUrl }), ...(access.apiKey && { apiKey: access.apiKey }),
      referenceUsd: priceUsage(e.pricing, REFERENCE_USAGE[operation]).usd,
      priority: e.priority ?? DEFAULT_PRIORITY,
      healthKey,
    }));
  }

  const rank = (p: ModelProviderName) => {
    const i = preferred.indexOf(p);
    return i < 0 ? preferred.length : i;
  };
  candidates.sort((a, b) =>
    rank(a.provider) - rank(b.provider) || a.referenceUsd - b.referenceUsd || a.priority - b.priority || a.slug.localeCompare(b.slug));
  return { modelId, candidates, excluded };
}
