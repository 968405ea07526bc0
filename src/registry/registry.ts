// The registry in memory: models, their provider endpoints expanded per deployment (endpointConfigs), and the
// indexes that find a model from whatever name a logged request carries. Immutable once built.
import type {
  CatalogModel, Endpoint, EndpointConfig, ModelPricing, ModelProviderConfig, ModelProviderName, ProviderSettings,
  PtbComplianceFlags, UserEndpointConfig,
} from '../../schema/registry.js';
import { applyRegistryFile, loadCatalogDir, type CatalogSource, type RegistryData } from './catalog.js';
import { normalizeProvider, providerInfo } from './providers.js';

/** One deployment of a model at a provider: what route() returns and the registry view lists. */
export interface ResolvedEndpoint {
  readonly modelId: string;
  /** The endpointConfigs key; `*` is the provider's default deployment. */
  readonly configKey: string;
  /** `openai`, or `bedrock:eu` for a named deployment. */
  readonly slug: string;
  readonly endpoint: Endpoint;
  /** Provider default compliance, overridden by the provider config, then by the deployment. */
  readonly compliance: PtbComplianceFlags;
}

const USER_CONFIG_KEYS = [
  'region', 'location', 'projectId', 'baseUri', 'deploymentName', 'resourceName', 'apiVersion', 'crossRegion',
  'gatewayMapping', 'modelName', 'svcModelId', 'coreModelId',
] as const satisfies readonly (keyof UserEndpointConfig)[];

function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function expand(modelId: string, cfg: ModelProviderConfig, configKey: string, ec: EndpointConfig): ResolvedEndpoint {
  const userConfig: UserEndpointConfig = {};
  for (const k of USER_CONFIG_KEYS) if (ec[k] !== undefined) (userConfig as Record<string, unknown>)[k] = ec[k];
  const ptbCompliance = cfg.ptbCompliance || ec.ptbCompliance ? { ...cfg.ptbCompliance, ...ec.ptbCompliance } : undefined;
  const endpoint = defined<Endpoint>({
    pricing: ec.pricing ?? cfg.pricing,
    contextLength: ec.contextLength ?? cfg.contextLength,
    maxCompletionTokens: ec.maxCompletionTokens ?? cfg.maxCompletionTokens,
    ptbEnabled: ec.ptbEnabled ?? cfg.ptbEnabled,
    supportedOperations: ec.supportedOperations ?? cfg.supportedOperations ?? ['chat_completions'],
    version: ec.version ?? cfg.version,
    unsupportedParameters: cfg.unsupportedParameters,
    lifecycle: ec.lifecycle ?? cfg.lifecycle,
    modelConfig: cfg,
    userConfig,
    provider: cfg.provider,
    author: cfg.author,
    providerModelId: ec.providerModelId ?? cfg.providerModelId,
    supportedParameters: cfg.supportedParameters,
    priority: ec.priority ?? cfg.priority,
    ptbCompliance,
  });
  const compliance = { ...providerInfo(cfg.provider).compliance, ...ptbCompliance };
  return Object.freeze({
    modelId, configKey, slug: configKey === '*' ? cfg.provider : `${cfg.provider}:${configKey}`, endpoint, compliance,
  });
}

/** Names a request may carry for a model: as given, without a `vendor/` prefix, without a date or `-latest` suffix. */
export function nameCandidates(raw: string): string[] {
  const name = raw.trim().toLowerCase();
  const out = [name];
  const slash = name.lastIndexOf('/');
  if (slash >= 0) out.push(name.slice(slash + 1));
  for (const n of [...out]) {
    const stripped = n.replace(/(-\d{4}-\d{2}-\d{2}|-\d{8}|@\d{8}|-latest)$/, '');
    if (stripped !== n) out.push(stripped);
  }
  return [...new Set(out)];
}

export interface PricingMatch {
  provider: ModelProviderName;
  modelId: string;
  pricing: readonly ModelPricing[];
  endpoint: ResolvedEndpoint;
}

export class Registry {
  readonly models: readonly CatalogModel[];
  readonly providerSettings: Readonly<Partial<Record<ModelProviderName, ProviderSettings>>>;
  readonly sources: readonly CatalogSource[];
  private readonly byId = new Map<string, CatalogModel>();
  private readonly endpointsById = new Map<string, ResolvedEndpoint[]>();
  /** `provider|name` -> deployment; names are ids, provider model ids and aliases, lower-cased. */
  private readonly byProviderName = new Map<string, ResolvedEndpoint>();
  /** name -> model id, for requests whose provider is unknown or does not serve the model. */
  private readonly byName = new Map<string, string>();

  constructor(data: RegistryData) {
    this.models = Object.freeze([...data.models].sort((a, b) => a.id.localeCompare(b.id)));
    this.providerSettings = Object.freeze({ ...data.providers });
    this.sources = Object.freeze([...data.sources]);
    for (const m of this.models) {
      this.byId.set(m.id, m);
      const resolved: ResolvedEndpoint[] = [];
      for (const cfg of m.endpoints) {
        for (const [key, ec] of Object.entries(cfg.endpointConfigs)) {
          const r = expand(m.id, cfg, key, ec);
          resolved.push(r);
          const names = [m.id, cfg.providerModelId, r.endpoint.providerModelId, ...(cfg.providerModelIdAliases ?? [])];
          for (const n of names) {
            const k = `${cfg.provider}|${n.toLowerCase()}`;
            // The provider's default deployment (`*`, or the first listed) answers for shared names.
            if (!this.byProviderName.has(k)) this.byProviderName.set(k, r);
          }
        }
        const deploymentIds = Object.values(cfg.endpointConfigs).map((ec) => ec.providerModelId).filter((v): v is string => !!v);
        for (const n of [cfg.providerModelId, ...deploymentIds, ...(cfg.providerModelIdAliases ?? [])]) {
          if (!this.byName.has(n.toLowerCase())) this.byName.set(n.toLowerCase(), m.id);
        }
      }
      // Model ids win over other models' provider ids.
      this.byName.set(m.id.toLowerCase(), m.id);
      this.endpointsById.set(m.id, resolved);
    }
  }

  model(id: string): CatalogModel | undefined {
    return this.byId.get(id);
  }

  /** All deployments of a model, in catalog order of providers. */
  endpoints(modelId: string): readonly ResolvedEndpoint[] {
    return this.endpointsById.get(modelId) ?? [];
  }

  /** The registry model a request's model name refers to (id, provider model id or alias; case-insensitive). */
  resolveModelId(name: string): string | undefined {
    for (const n of nameCandidates(name)) {
      const id = this.byName.get(n);
      if (id) return id;
    }
    return undefined;
  }

  /**
   * The prices for (provider, model) of a logged request. First the provider's own deployment under that name; if
   * the provider is unknown or does not serve the model, the model's first listed provider (its list price).
   */
  findPricing(provider: string | undefined, model: string): PricingMatch | undefined {
    const p = normalizeProvider(provider);
    const candidates = nameCandidates(model);
    if (p) {
      for (const n of candidates) {
        const r = this.byProviderName.get(`${p}|${n}`);
        if (r) return { provider: p, modelId: r.modelId, pricing: r.endpoint.pricing, endpoint: r };
      }
    }
    const id = this.resolveModelId(model);
    if (!id) return undefined;
    const all = this.endpoints(id);
    const r = (p && all.find((e) => e.endpoint.provider === p)) || all[0];
    if (!r) return undefined;
    return { provider: r.endpoint.provider, modelId: id, pricing: r.endpoint.pricing, endpoint: r };
  }
}

let shipped: Registry | undefined;

/** The registry of the shipped catalog alone (loaded and validated once, on first use). */
export function shippedRegistry(): Registry {
  return (shipped ??= new Registry(loadCatalogDir()));
}

/** The shipped catalog plus REGISTRY_FILE when given. Throws RegistryFileError naming the file and JSON path. */
export function loadRegistry(registryFile?: string): Registry {
  const base = loadCatalogDir();
  return new Registry(registryFile ? applyRegistryFile(base, registryFile) : base);
}
