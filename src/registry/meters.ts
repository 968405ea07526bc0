// The canonical form of a price: a list of meters, each "USD per unit of one dimension" (spec 2.2 PricingMeterRate).
// A ModelPricing may declare meterRates itself; every meter it leaves out is filled from its legacy fields here, so
// cost() only ever multiplies quantities by meters.
import type { MeterUnit, ModelPricing, PricingMeterRate } from '../../schema/registry.js';

/** Meter key: `dimension:unit`, e.g. `input:token`, `video_output:second`. Usage quantities use the same keys. */
export type MeterKey = `${string}:${MeterUnit}`;

/** 12 significant digits: a multiplied rate such as 3e-6 * 0.1 stays 3e-7, not 3.0000000000000004e-7. */
export const clean = (x: number): number => Number(x.toPrecision(12));

export const meterKey = (m: Pick<PricingMeterRate, 'dimension' | 'unit'>): MeterKey => `${m.dimension}:${m.unit}`;

export const MODALITIES = ['audio', 'image', 'video', 'file'] as const;
export type Modality = (typeof MODALITIES)[number];

/**
 * Legacy field -> meter. `request` is per call, `audioMinute` per minute of input audio, `character` per input
 * character, `web_search` per search call, `cacheStoragePerHour` per token-hour, `imageGeneration` per image keyed
 * `quality:size`, modality prices per token of that modality. Token prices are USD per token.
 */
export function legacyMeters(p: ModelPricing): PricingMeterRate[] {
  const out: PricingMeterRate[] = [];
  const add = (dimension: string, unit: MeterUnit, rate: number | undefined, variants?: Record<string, string>) => {
    if (rate === undefined) return;
    rate = clean(rate);
    out.push(variants ? { dimension, unit, rate, variants } : { dimension, unit, rate });
  };
  add('input', 'token', p.input);
  add('output', 'token', p.output);
  if (p.cacheMultipliers) {
    add('cache_read', 'token', p.input * p.cacheMultipliers.cachedInput);
    add('cache_write_5m', 'token', p.input * p.cacheMultipliers.write5m);
    add('cache_write_1h', 'token', p.input * p.cacheMultipliers.write1h);
  }
  add('cache_storage', 'token_hour', p.cacheStoragePerHour);
  add('thinking', 'token', p.thinking);
  add('request', 'request', p.request);
  add('audio_input', 'minute', p.audioMinute);
  add('input', 'character', p.character);
  add('web_search', 'request', p.web_search);
  for (const [key, rate] of Object.entries(p.imageGeneration ?? {})) {
    const [quality, size] = splitVariantKey(key);
    add('image_output', 'image', rate, size === undefined ? { quality } : { quality, size });
  }
  for (const m of MODALITIES) {
    const mp = p[m];
    if (!mp) continue;
    add(`${m}_input`, 'token', mp.input);
    add(`${m}_output`, 'token', mp.output);
    if (mp.input !== undefined) add(`${m}_cache_read`, 'token', mp.input * (mp.cachedInputMultiplier ?? 1));
  }
  return out;
}

function splitVariantKey(key: string): [string, string | undefined] {
  const i = key.indexOf(':');
  return i < 0 ? [key, undefined] : [key.slice(0, i), key.slice(i + 1)];
}

const variantSignature = (m: PricingMeterRate) =>
  JSON.stringify(Object.entries(m.variants ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The effective meters of a price tier: the declared meterRates, plus every legacy-derived meter whose
 * (dimension, unit, variants) the declared list does not already cover ("filled from the legacy fields when omitted").
 */
export function effectiveMeters(p: ModelPricing): PricingMeterRate[] {
  const declared = p.meterRates ?? [];
  const covered = new Set(declared.map((m) => `${meterKey(m)}|${variantSignature(m)}`));
  return [...declared, ...legacyMeters(p).filter((m) => !covered.has(`${meterKey(m)}|${variantSignature(m)}`))];
}
