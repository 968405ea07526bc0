// Cost in USD of one request from the registry's prices: pick the tier, turn usage into meter quantities, multiply.
// Pure functions over ModelPricing, plus costUsd() which finds the prices of (provider, model) in the registry.
import type { ModelPricing, PricingMeterRate } from '../../schema/registry.js';
import { clean, effectiveMeters, MODALITIES, meterKey, type MeterKey, type Modality } from './meters.js';
import { shippedRegistry, type Registry } from './registry.js';

/**
 * What one request used. Token counts follow the OpenAI convention of the logged request record (spec 2.4):
 * `promptTokens` includes cached, cache-write and modality (audio, image, ...) prompt tokens; `completionTokens`
 * includes reasoning and modality output tokens. Each part is billed once, at its own meter when the price has one,
 * else as plain input/output. Every field is optional; absent counts are 0 (`requests` defaults to 1).
 */
export interface Usage {
  promptTokens?: number;
  completionTokens?: number;
  /** Prompt tokens read from the provider's cache (all modalities). */
  cacheReadTokens?: number;
  /** Prompt tokens written to the cache with the default (5-minute) lifetime. */
  cacheWriteTokens?: number;
  /** Prompt tokens written to the cache with a 1-hour lifetime. */
  cacheWrite1hTokens?: number;
  /** Reasoning ("thinking") tokens, part of completionTokens. */
  reasoningTokens?: number;
  promptAudioTokens?: number;
  completionAudioTokens?: number;
  promptImageTokens?: number;
  completionImageTokens?: number;
  promptVideoTokens?: number;
  completionVideoTokens?: number;
  promptFileTokens?: number;
  /** Cached part of a modality's prompt tokens (also counted in cacheReadTokens and in prompt<Modality>Tokens). */
  cachedAudioTokens?: number;
  cachedImageTokens?: number;
  cachedVideoTokens?: number;
  cachedFileTokens?: number;
  /** Generated images (priced per image via imageGeneration / `image_output:image` meters). */
  images?: number;
  imageQuality?: string;
  imageSize?: string;
  /** Input images priced per image (`image_input:image`), e.g. image embeddings. */
  inputImages?: number;
  /** Seconds of generated video (`video_output:second`). */
  videoSeconds?: number;
  /** Seconds of input audio, billed per minute (`audio_input:minute`). */
  audioSeconds?: number;
  /** Input characters (`input:character`), e.g. text-to-speech. */
  characters?: number;
  /** Web search calls (`web_search:request`). */
  webSearches?: number;
  /** Upstream calls; default 1 (a per-request price, e.g. rerank per search, is charged once per logged request). */
  requests?: number;
  /** Token-hours of cache storage (`cache_storage:token_hour`). */
  cacheStorageTokenHours?: number;
  /** Variant of the request for meters that declare variants, e.g. `{ resolution: '1080p' }`. */
  variants?: Record<string, string>;
  /** Explicit quantities by `dimension:unit` for provider-declared meters (megapixel, frame, ...); they win. */
  meters?: Record<string, number>;
}

export interface CostLine {
  meter: MeterKey;
  quantity: number;
  /** USD per unit. */
  rate: number;
  usd: number;
  variants?: Record<string, string>;
}

export interface PriceResult {
  usd: number;
  /** The tier's threshold (prompt tokens above which it applies). */
  threshold: number;
  breakdown: CostLine[];
}

export interface CostResult {
  usd: number;
  /** False when (provider, model) is not in the registry: usd is 0, never a guess. */
  known: boolean;
  /** Registry provider and model id whose prices were used. */
  provider?: string;
  model?: string;
  breakdown: CostLine[];
}

const n = (v: number | undefined): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
const cap = (m: Modality) => (m[0]!.toUpperCase() + m.slice(1)) as Capitalize<Modality>;

/**
 * The tier for a prompt of `promptTokens`: the one with the highest threshold that the prompt exceeds
 * (a tier applies to the whole request once the prompt is over its threshold), else the lowest tier.
 */
export function selectTier(tiers: readonly ModelPricing[], promptTokens: number): ModelPricing {
  const sorted = [...tiers].sort((a, b) => a.threshold - b.threshold);
  let chosen = sorted[0]!;
  for (const t of sorted) if (promptTokens > t.threshold) chosen = t;
  return chosen;
}

/** Usage -> quantity per meter key, given which meters exist (a part without its own meter stays plain input/output). */
function quantities(usage: Usage, has: (k: MeterKey) => boolean): Map<MeterKey, number> {
  const q = new Map<MeterKey, number>();
  const set = (k: MeterKey, v: number) => v > 0 && q.set(k, v);

  let textInput = n(usage.promptTokens) - n(usage.cacheReadTokens) - n(usage.cacheWriteTokens) - n(usage.cacheWrite1hTokens);
  let textCacheRead = n(usage.cacheReadTokens);
  let textOutput = n(usage.completionTokens);
  for (const m of MODALITIES) {
    const prompt = n(usage[`prompt${cap(m)}Tokens` as keyof Usage] as number | undefined);
    const cached = Math.min(prompt, n(usage[`cached${cap(m)}Tokens` as keyof Usage] as number | undefined));
    if (has(`${m}_input:token`)) {
      set(`${m}_input:token`, prompt - cached);
      textInput -= prompt - cached;
      if (has(`${m}_cache_read:token`)) {
        set(`${m}_cache_read:token`, cached);
        textCacheRead -= cached;
      }
    }
    const completion = n(usage[`completion${cap(m)}Tokens` as keyof Usage] as number | undefined);
    if (has(`${m}_output:token`)) {
      set(`${m}_output:token`, completion);
      textOutput -= completion;
    }
  }
  if (has('thinking:token')) {
    set('thinking:token', n(usage.reasoningTokens));
    textOutput -= n(usage.reasoningTokens);
  }
  // Cache parts without their own meter are billed as plain input.
  if (!has('cache_read:token')) textInput += textCacheRead;
  else set('cache_read:token', Math.max(0, textCacheRead));
  if (!has('cache_write_5m:token')) textInput += n(usage.cacheWriteTokens);
  else set('cache_write_5m:token', n(usage.cacheWriteTokens));
  if (!has('cache_write_1h:token')) textInput += n(usage.cacheWrite1hTokens);
  else set('cache_write_1h:token', n(usage.cacheWrite1hTokens));
  // Counts that do not add up (parts larger than the total) are clamped: never a negative charge.
  set('input:token', Math.max(0, textInput));
  set('output:token', Math.max(0, textOutput));

  set('request:request', usage.requests === undefined ? 1 : n(usage.requests));
  set('web_search:request', n(usage.webSearches));
  set('input:character', n(usage.characters));
  set('audio_input:minute', n(usage.audioSeconds) / 60);
  set('video_output:second', n(usage.videoSeconds));
  set('image_output:image', n(usage.images));
  set('image_input:image', n(usage.inputImages));
  set('cache_storage:token_hour', n(usage.cacheStorageTokenHours));
  for (const [k, v] of Object.entries(usage.meters ?? {})) {
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) q.set(k as MeterKey, v);
  }
  return q;
}

/** Among meters of one key, the one whose variants all match the request's, most specific first; else none. */
function pickVariant(candidates: PricingMeterRate[], variants: Record<string, string>): PricingMeterRate | undefined {
  let best: PricingMeterRate | undefined;
  let bestSize = -1;
  for (const m of candidates) {
    const entries = Object.entries(m.variants ?? {});
    if (entries.every(([k, v]) => variants[k] === v) && entries.length > bestSize) {
      best = m;
      bestSize = entries.length;
    }
  }
  return best;
}

/** Cost of `usage` under a model endpoint's price tiers (pure). */
export function priceUsage(tiers: readonly ModelPricing[], usage: Usage): PriceResult {
  const tier = selectTier(tiers, n(usage.promptTokens));
  const byKey = new Map<MeterKey, PricingMeterRate[]>();
  for (const m of effectiveMeters(tier)) {
    const k = meterKey(m);
    byKey.set(k, [...(byKey.get(k) ?? []), m]);
  }
  const variants: Record<string, string> = { ...(usage.variants ?? {}) };
  if (usage.imageQuality !== undefined) variants.quality ??= usage.imageQuality;
  if (usage.imageSize !== undefined) variants.size ??= usage.imageSize;

  const breakdown: CostLine[] = [];
  let usd = 0;
  for (const [key, quantity] of quantities(usage, (k) => byKey.has(k))) {
    const meter = pickVariant(byKey.get(key) ?? [], variants);
    if (!meter || meter.rate === 0) continue;
    const lineUsd = clean(quantity * meter.rate);
    usd += lineUsd;
    breakdown.push({ meter: key, quantity, rate: meter.rate, usd: lineUsd, ...(meter.variants ? { variants: meter.variants } : {}) });
  }
  return { usd: clean(usd), threshold: tier.threshold, breakdown };
}

/**
 * The cost of a logged request. `provider` may be a registry id (`openai`) or the upper-case code of the log
 * record (`OPENAI`, `AWS`, ...), or absent; `model` may be the registry id, the provider's model id or an alias.
 * Unknown model: `{ usd: 0, known: false }`, never a throw.
 */
export function costUsd(
  input: { provider?: string | null; model: string | null | undefined; usage: Usage },
  registry: Registry = shippedRegistry(),
): CostResult {
  const found = input.model ? registry.findPricing(input.provider ?? undefined, input.model) : undefined;
  if (!found) return { usd: 0, known: false, breakdown: [] };
  const { usd, breakdown } = priceUsage(found.pricing, input.usage ?? {});
  return { usd, known: true, provider: found.provider, model: found.modelId, breakdown };
}
