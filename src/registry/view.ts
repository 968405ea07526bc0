// The public registry view of spec 4.1 (ModelRegistryResponse): routable models (at least one endpoint that is not
// retired), each endpoint with SimplifiedPricing per tier, and the five filter lists, everything sorted.
import { createHash } from 'node:crypto';
import type {
  Endpoint, ModelCapability, ModelEndpoint, ModelOperation, ModelPricing, ModelRegistryItem, ModelRegistryResponse,
  SimplifiedPricing, StandardParameter, UserEndpointConfig,
} from '../../schema/registry.js';
import { clean, effectiveMeters } from './meters.js';
import { providerInfo } from './providers.js';
import type { Registry, ResolvedEndpoint } from './registry.js';

const PER_MILLION = 1_000_000;

function perUnit(p: ModelPricing, dimension: string, unit: string, variants = false): number | undefined {
  const m = effectiveMeters(p).filter((x) => x.dimension === dimension && x.unit === unit && (variants || !x.variants));
  return m.length ? Math.min(...m.map((x) => x.rate)) : undefined;
}

/**
 * ModelPricing (USD per unit) -> SimplifiedPricing. Token prices: USD per 1M tokens. audioMinute: USD per minute of
 * audio. character: USD per 1M characters. web_search: USD per 1,000 searches. image: USD per generated image (the
 * lowest quality/size). video: USD per second of generated video (the base resolution). threshold: prompt tokens
 * above which the tier applies. Per-request prices have no SimplifiedPricing field: see `endpoint.pricing`.
 */
export function simplifyPricing(p: ModelPricing): SimplifiedPricing {
  const out: Record<string, number | undefined> = {
    prompt: p.input * PER_MILLION,
    completion: p.output * PER_MILLION,
    cacheRead: p.cacheMultipliers && p.input * p.cacheMultipliers.cachedInput * PER_MILLION,
    cacheWrite: p.cacheMultipliers && p.input * p.cacheMultipliers.write5m * PER_MILLION,
    thinking: p.thinking !== undefined ? p.thinking * PER_MILLION : undefined,
    audioInput: p.audio?.input !== undefined ? p.audio.input * PER_MILLION : undefined,
    audioOutput: p.audio?.output !== undefined ? p.audio.output * PER_MILLION : undefined,
    audioMinute: p.audioMinute,
    character: p.character !== undefined ? p.character * PER_MILLION : undefined,
    web_search: p.web_search !== undefined ? p.web_search * 1000 : undefined,
    image: perUnit(p, 'image_output', 'image', true),
    imageInput: p.image?.input !== undefined ? p.image.input * PER_MILLION : undefined,
    imageOutput: p.image?.output !== undefined ? p.image.output * PER_MILLION : undefined,
    video: perUnit(p, 'video_output', 'second'),
    videoInput: p.video?.input !== undefined ? p.video.input * PER_MILLION : undefined,
    videoOutput: p.video?.output !== undefined ? p.video.output * PER_MILLION : undefined,
    threshold: p.threshold || undefined,
  };
  return Object.fromEntries(
    Object.entries(out).filter(([, v]) => v !== undefined).map(([k, v]) => [k, clean(v!)]),
  ) as SimplifiedPricing;
}

/** Deployment details that locate a customer's own resources stay private in the public view. */
const PRIVATE_KEYS = ['baseUri', 'projectId', 'deploymentName', 'resourceName'] as const;
function publicUserConfig<T extends UserEndpointConfig>(c: T): T {
  const copy = { ...c };
  for (const k of PRIVATE_KEYS) delete copy[k];
  return copy;
}
function publicEndpoint(e: Endpoint): Endpoint {
  const endpointConfigs = Object.fromEntries(
    Object.entries(e.modelConfig.endpointConfigs).map(([k, v]) => [k, publicUserConfig(v)]),
  );
  return { ...e, userConfig: publicUserConfig(e.userConfig), modelConfig: { ...e.modelConfig, endpointConfigs } };
}

function modelEndpoint(r: ResolvedEndpoint): ModelEndpoint {
  const e = r.endpoint;
  const tiers = [...e.pricing].sort((a, b) => a.threshold - b.threshold).map(simplifyPricing);
  return {
    provider: e.provider,
    providerSlug: r.slug,
    endpoint: publicEndpoint(e),
    supportsPtb: e.ptbEnabled,
    ptbCompliance: { zeroDataRetention: r.compliance.zeroDataRetention, hipaaEligible: r.compliance.hipaaEligible },
    operations: [...e.supportedOperations].sort(),
    pricing: tiers[0]!,
    ...(tiers.length > 1 && { pricingTiers: tiers }),
  };
}

/** Capabilities a model shows, from its prices and its parameters. */
function capabilities(item: ModelRegistryItem, endpoints: readonly ResolvedEndpoint[]): Set<ModelCapability> {
  const caps = new Set<ModelCapability>();
  const params = new Set<StandardParameter>(item.supportedParameters);
  const modalities = new Set<string>([...item.inputModalities, ...item.outputModalities]);
  if (modalities.has('audio') || modalities.has('speech') || modalities.has('transcription')) caps.add('audio');
  if (modalities.has('video')) caps.add('video');
  if (modalities.has('image')) caps.add('image');
  if (params.has('reasoning') || params.has('include_reasoning')) caps.add('reasoning');
  if (params.has('thinking')) caps.add('thinking');
  for (const r of endpoints) {
    for (const p of r.endpoint.pricing) {
      if (p.audio || p.audioMinute !== undefined) caps.add('audio');
      if (p.video || effectiveMeters(p).some((m) => m.dimension.startsWith('video'))) caps.add('video');
      if (p.image || p.imageGeneration) caps.add('image');
      if (p.thinking !== undefined) caps.add('thinking');
      if (p.web_search !== undefined) caps.add('web_search');
      if (p.cacheMultipliers || p.cacheStoragePerHour !== undefined) caps.add('caching');
    }
    if (r.endpoint.modelConfig.supportedPlugins?.includes('web')) caps.add('web_search');
  }
  return caps;
}

const sorted = <T extends string>(values: Iterable<T>): T[] => [...new Set(values)].sort();

export function buildRegistryView(registry: Registry): ModelRegistryResponse {
  const models: ModelRegistryItem[] = [];
  const caps = new Set<ModelCapability>();
  const operations = new Set<ModelOperation>();
  const authors = new Set<string>();
  const providerIds = new Set<ReturnType<typeof providerInfo>['id']>();
  let zdr = false;
  let hipaa = false;

  for (const m of registry.models) {
    const routable = registry.endpoints(m.id).filter((r) => r.endpoint.lifecycle !== 'retired');
    if (!routable.length) continue;
    const endpoints = routable.map(modelEndpoint).sort((a, b) => a.providerSlug.localeCompare(b.providerSlug));
    const item: ModelRegistryItem = {
      id: m.id,
      name: m.name,
      author: m.author,
      contextLength: m.contextLength,
      endpoints,
      ...(m.maxOutput !== undefined && { maxOutput: m.maxOutput }),
      ...(m.trainingDate !== undefined && { trainingDate: m.trainingDate }),
      ...(m.description !== undefined && { description: m.description }),
      inputModalities: [...m.inputModalities],
      outputModalities: [...m.outputModalities],
      operations: sorted(routable.flatMap((r) => r.endpoint.supportedOperations)),
      supportedParameters: sorted(routable.flatMap((r) => r.endpoint.supportedParameters)),
      ...(m.pinnedVersionOfModel !== undefined && { pinnedVersionOfModel: m.pinnedVersionOfModel }),
    };
    models.push(item);
    for (const c of capabilities(item, routable)) caps.add(c);
    for (const o of item.operations) operations.add(o);
    authors.add(m.author);
    for (const r of routable) {
      providerIds.add(r.endpoint.provider);
      zdr ||= r.compliance.zeroDataRetention;
      hipaa ||= r.compliance.hipaaEligible;
    }
  }
  models.sort((a, b) => a.id.localeCompare(b.id));
  return {
    models,
    total: models.length,
    filters: {
      compliance: [...(hipaa ? ['hipaa' as const] : []), ...(zdr ? ['zdr' as const] : [])],
      operations: sorted(operations),
      capabilities: sorted(caps),
      authors: sorted(authors),
      providers: sorted(providerIds).map((name) => ({ name, displayName: providerInfo(name).displayName })),
    },
  };
}

export interface RenderedView {
  readonly json: string;
  /** Strong ETag over the exact bytes served. */
  readonly etag: string;
}

export function renderRegistryView(registry: Registry): RenderedView {
  const json = JSON.stringify({ data: buildRegistryView(registry), error: null });
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"` };
}
