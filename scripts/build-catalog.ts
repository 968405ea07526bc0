// Regenerates src/registry/catalog/*.json from a LiteLLM-format price file and scripts/catalog-selection.ts.
//   npx tsx scripts/build-catalog.ts [--in price-file.json] [--date YYYY-MM-DD] [--out dir]
// Default input: ../shared/data/model-prices-2026-07-24.json (only needed here, never at run time); the date
// defaults to the one in the file name.
// LiteLLM prices are USD per token / per query / per second; the registry keeps USD per unit (README lists units).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type {
  CatalogFile, CatalogModel, EndpointConfig, InputModality, ModelOperation, ModelPricing, ModelProviderConfig,
  OutputModality, PricingMeterRate, StandardParameter,
} from '../schema/registry.js';
import { catalogFileSchema } from '../schema/registry.js';
import { validateOrThrow } from '../src/registry/validate.js';
import { SELECTION, type EndpointPick, type ModelPick } from './catalog-selection.js';

type Entry = Record<string, unknown>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { in: { type: 'string' }, date: { type: 'string' }, out: { type: 'string' } } });
const input = path.resolve(args.in ?? path.join(root, '../shared/data/model-prices-2026-07-24.json'));
const retrievedAt = args.date ?? /(\d{4}-\d{2}-\d{2})/.exec(path.basename(input))?.[1] ?? new Date().toISOString().slice(0, 10);
const outDir = path.resolve(args.out ?? path.join(root, 'src/registry/catalog'));
const prices = JSON.parse(fs.readFileSync(input, 'utf8')) as Record<string, Entry>;

/** 12 significant digits: drops float noise such as 1.5000300000000002e-06 without changing any real price. */
const clean = (x: number) => Number(x.toPrecision(12));
const num = (e: Entry, k: string): number | undefined => (typeof e[k] === 'number' ? clean(e[k] as number) : undefined);

function entry(key: string): Entry {
  const e = prices[key];
  if (!e || typeof e !== 'object') throw new Error(`price file has no entry "${key}"`);
  return e;
}

function tokenTier(e: Entry, suffix: string, threshold: number): ModelPricing {
  const input = num(e, `input_cost_per_token${suffix}`) ?? num(e, 'input_cost_per_token') ?? 0;
  const output = num(e, `output_cost_per_token${suffix}`) ?? num(e, 'output_cost_per_token') ?? 0;
  const read = num(e, `cache_read_input_token_cost${suffix}`);
  const write = num(e, `cache_creation_input_token_cost${suffix}`);
  // A tier without its own 1-hour write price keeps the base tier's 1-hour multiplier.
  const baseInput = num(e, 'input_cost_per_token');
  const base1h = num(e, 'cache_creation_input_token_cost_above_1hr');
  const write1h = num(e, `cache_creation_input_token_cost_above_1hr${suffix}`) ??
    (base1h !== undefined && baseInput ? clean((base1h / baseInput) * input) : undefined);
  const p: ModelPricing = { threshold, input, output };
  if (input > 0 && (read !== undefined || write !== undefined)) {
    const w5 = write !== undefined ? clean(write / input) : 1;
    p.cacheMultipliers = {
      cachedInput: read !== undefined ? clean(read / input) : 1,
      write5m: w5,
      write1h: write1h !== undefined ? clean(write1h / input) : w5,
    };
  }
  return p;
}

/** The non-token prices, the same in every tier. */
function extras(e: Entry): Partial<ModelPricing> {
  const x: Partial<ModelPricing> = {};
  const thinking = num(e, 'output_cost_per_reasoning_token');
  if (thinking !== undefined) x.thinking = thinking;
  const request = num(e, 'input_cost_per_request') ?? num(e, 'input_cost_per_query');
  if (request) x.request = request;
  if (e.mode === 'audio_transcription' && num(e, 'input_cost_per_second')) x.audioMinute = clean(num(e, 'input_cost_per_second')! * 60);
  const character = num(e, 'input_cost_per_character');
  if (character) x.character = character;
  const search = e.search_context_cost_per_query as Record<string, number> | undefined;
  if (search?.search_context_size_medium) x.web_search = clean(search.search_context_size_medium);
  const audioIn = num(e, 'input_cost_per_audio_token');
  const audioOut = num(e, 'output_cost_per_audio_token');
  if (audioIn !== undefined || audioOut !== undefined) x.audio = { ...(audioIn !== undefined && { input: audioIn }), ...(audioOut !== undefined && { output: audioOut }) };
  const imageIn = num(e, 'input_cost_per_image_token');
  const imageOut = num(e, 'output_cost_per_image_token');
  if (imageIn !== undefined || imageOut !== undefined) x.image = { ...(imageIn !== undefined && { input: imageIn }), ...(imageOut !== undefined && { output: imageOut }) };

  const meters: PricingMeterRate[] = [];
  const perImage = num(e, 'input_cost_per_image');
  if (perImage && e.mode === 'embedding') meters.push({ dimension: 'image_input', unit: 'image', rate: perImage });
  if (e.mode === 'video_generation') {
    const perSecond = num(e, 'output_cost_per_video_per_second') ?? num(e, 'output_cost_per_second');
    if (perSecond) meters.push({ dimension: 'video_output', unit: 'second', rate: perSecond });
    const hd = num(e, 'output_cost_per_second_1080p');
    if (hd) meters.push({ dimension: 'video_output', unit: 'second', rate: hd, variants: { resolution: '1080p' } });
  }
  if (meters.length) x.meterRates = meters;
  return x;
}

function pricing(e: Entry): ModelPricing[] {
  const thresholds = Object.keys(e)
    .map((k) => /^input_cost_per_token_above_(\d+)k_tokens$/.exec(k)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const x = extras(e);
  return [tokenTier(e, '', 0), ...thresholds.map((k) => tokenTier(e, `_above_${k}k_tokens`, k * 1000))].map((t) => ({ ...t, ...x }));
}

const OPERATIONS_BY_MODE: Record<string, ModelOperation[]> = {
  chat: ['chat_completions'], responses: ['responses'], embedding: ['embeddings'], image_generation: ['image_generations'],
  audio_transcription: ['audio_transcriptions'], audio_speech: ['audio_speech'], rerank: ['rerank'],
  video_generation: ['video_generations'],
};

const ANTHROPIC_STYLE = (p: EndpointPick, author: string) =>
  p.provider === 'anthropic' || (author === 'anthropic' && (p.provider === 'bedrock' || p.provider === 'vertex'));

/** Parameters from the provider family and the capability flags of the price file. */
function parameters(pick: EndpointPick, e: Entry, author: string): StandardParameter[] {
  if (e.mode !== 'chat' && e.mode !== 'responses') return pick.extraParameters ?? [];
  const set = new Set<StandardParameter>(['max_tokens', 'temperature', 'top_p', 'stop', 'stream']);
  if (ANTHROPIC_STYLE(pick, author)) set.add('top_k');
  else {
    for (const p of ['seed', 'frequency_penalty', 'presence_penalty'] as const) set.add(p);
    if (pick.provider === 'openai' || pick.provider === 'azure') {
      for (const p of ['max_completion_tokens', 'n', 'logit_bias', 'logprobs', 'top_logprobs'] as const) set.add(p);
    }
    if (pick.provider === 'google' || pick.provider === 'vertex') set.add('top_k');
  }
  if (e.supports_function_calling) { set.add('tools'); set.add('tool_choice'); }
  if (e.supports_response_schema) { set.add('response_format'); set.add('structured_outputs'); set.add('json_mode'); }
  if (e.supports_reasoning) {
    set.add('reasoning');
    set.add('include_reasoning');
    if (ANTHROPIC_STYLE(pick, author) || pick.provider === 'google' || pick.provider === 'vertex') set.add('thinking');
  }
  for (const p of pick.extraParameters ?? []) set.add(p);
  for (const p of pick.unsupported ?? []) set.delete(p);
  return [...set];
}

function inputModalities(e: Entry): InputModality[] {
  const out = new Set<InputModality>(['text']);
  for (const m of (e.supported_modalities as string[] | undefined) ?? []) if (['text', 'image', 'audio', 'video'].includes(m)) out.add(m as InputModality);
  if (e.supports_vision) out.add('image');
  if (e.supports_audio_input) out.add('audio');
  if (e.supports_video_input) out.add('video');
  if (e.supports_pdf_input) out.add('file');
  return [...out];
}

function outputModalities(e: Entry): OutputModality[] {
  const byMode: Record<string, OutputModality[]> = {
    embedding: ['embeddings'], rerank: ['rerank'], video_generation: ['video'], image_generation: ['image'],
    audio_speech: ['speech'], audio_transcription: ['transcription'],
  };
  const fixed = byMode[String(e.mode)];
  if (fixed) return fixed;
  return e.supports_audio_output ? ['text', 'audio'] : ['text'];
}

/** LiteLLM's deprecation_date is the provider's shutdown date: past it the endpoint is retired, before it deprecated. */
function lifecycle(e: Entry): ModelProviderConfig['lifecycle'] {
  const d = typeof e.deprecation_date === 'string' ? e.deprecation_date : undefined;
  if (!d) return undefined;
  return d <= retrievedAt ? 'retired' : 'deprecated';
}

const defaultProviderModelId = (key: string) => key.replace(/^(openai|azure|azure_ai|openrouter|gemini|vertex_ai|groq|together_ai|deepinfra|novita|fireworks_ai|mistral|xai|voyage|perplexity|deepseek)\//, '');

/** Pass-through billing is on for public APIs; off where the endpoint lives in the customer's own cloud account. */
const ptbEnabled = (p: EndpointPick) => !['azure', 'bedrock', 'vertex'].includes(p.provider);

/** Limits of an entry; an entry without them borrows the largest published by another provider of the same model. */
function limits(model: ModelPick, e: Entry): { contextLength?: number; maxOut?: number } {
  const own = { contextLength: num(e, 'max_input_tokens') ?? num(e, 'max_tokens'), maxOut: num(e, 'max_output_tokens') ?? num(e, 'max_tokens') };
  if (own.contextLength !== undefined) return own;
  const siblings = model.endpoints.map((p) => entry(p.key)).filter((s) => s !== e && num(s, 'max_input_tokens') !== undefined);
  if (!siblings.length) return own;
  return {
    contextLength: Math.max(...siblings.map((s) => num(s, 'max_input_tokens')!)),
    maxOut: Math.max(...siblings.map((s) => num(s, 'max_output_tokens') ?? num(s, 'max_tokens') ?? 0)),
  };
}

function providerConfig(model: ModelPick, pick: EndpointPick): ModelProviderConfig {
  const e = entry(pick.key);
  const { contextLength, maxOut } = limits(model, e);
  const base = pricing(e);
  const endpointConfigs: Record<string, EndpointConfig> = {};
  for (const [name, c] of Object.entries(pick.configs ?? { '*': { key: pick.key } })) {
    const ce = entry(c.key);
    const cfg: EndpointConfig = {};
    if (c.region) cfg.region = c.region;
    if (c.location) cfg.location = c.location;
    if (c.crossRegion) cfg.crossRegion = true;
    // A deployment priced under its own key (an `eu.` cross-region id, say) is called by that id.
    const ownId = c.providerModelId ?? (c.key !== pick.key ? defaultProviderModelId(c.key) : undefined);
    if (ownId) cfg.providerModelId = ownId;
    const p = pricing(ce);
    if (JSON.stringify(p) !== JSON.stringify(base)) cfg.pricing = p;
    endpointConfigs[name] = cfg;
  }
  const cfg: ModelProviderConfig = {
    provider: pick.provider,
    author: model.author,
    providerModelId: pick.providerModelId ?? defaultProviderModelId(pick.key),
    pricing: base,
    contextLength: contextLength ?? 0,
    maxCompletionTokens: maxOut ?? contextLength ?? 0,
    ptbEnabled: ptbEnabled(pick),
    supportedOperations: pick.operations ?? OPERATIONS_BY_MODE[String(e.mode)] ?? ['chat_completions'],
    supportedParameters: parameters(pick, e, model.author),
    endpointConfigs,
  };
  if (pick.unsupported?.length) cfg.unsupportedParameters = pick.unsupported;
  const life = lifecycle(e);
  if (life) cfg.lifecycle = life;
  if (e.supports_web_search) cfg.supportedPlugins = ['web'];
  const rpm = num(e, 'rpm');
  const tpm = num(e, 'tpm');
  if (rpm || tpm) cfg.rateLimits = { ...(rpm && { rpm }), ...(tpm && { tpm }) };
  if (e.mode === 'chat' || e.mode === 'responses') {
    cfg.responseFormat = ANTHROPIC_STYLE(pick, model.author) ? 'ANTHROPIC' : pick.provider === 'google' || (pick.provider === 'vertex' && model.author === 'google') ? 'GOOGLE' : 'OPENAI';
  }
  if (pick.aliases?.length) cfg.providerModelIdAliases = pick.aliases;
  if (pick.chatOverrides) cfg.chatParameterOverrides = pick.chatOverrides;
  if (pick.video) cfg.videoGenerationConstraints = pick.video;
  if (pick.priority !== undefined) cfg.priority = pick.priority;
  if (pick.quantization) cfg.quantization = pick.quantization;
  if (pick.requireExplicitRouting) cfg.requireExplicitRouting = true;
  return cfg;
}

function catalogModel(pick: ModelPick): CatalogModel {
  const endpoints = pick.endpoints.map((p) => providerConfig(pick, p));
  const first = entry(pick.endpoints[0]!.key);
  const m: CatalogModel = {
    id: pick.id,
    name: pick.name,
    author: pick.author,
    description: pick.description,
    contextLength: endpoints[0]!.contextLength,
    inputModalities: pick.input ?? inputModalities(first),
    outputModalities: pick.output ?? outputModalities(first),
    endpoints,
  };
  if (endpoints[0]!.maxCompletionTokens) m.maxOutput = endpoints[0]!.maxCompletionTokens;
  if (pick.trainingDate) m.trainingDate = pick.trainingDate;
  if (pick.pinnedVersionOfModel) m.pinnedVersionOfModel = pick.pinnedVersionOfModel;
  return m;
}

const byAuthor = new Map<string, CatalogModel[]>();
for (const pick of SELECTION) byAuthor.set(pick.author, [...(byAuthor.get(pick.author) ?? []), catalogModel(pick)]);

fs.mkdirSync(outDir, { recursive: true });
for (const f of fs.readdirSync(outDir)) if (f.endsWith('.json')) fs.rmSync(path.join(outDir, f));
for (const [author, models] of byAuthor) {
  const file: CatalogFile = {
    $comment: 'Generated by scripts/build-catalog.ts from scripts/catalog-selection.ts; edit those, not this file.',
    source: {
      name: "LiteLLM model_prices_and_context_window.json",
      url: 'https://github.com/BerriAI/litellm/blob/main/model_prices_and_context_window.json',
      license: 'MIT',
      retrievedAt,
      notes: `Prices, context windows and capability flags taken from ${path.basename(input)} (public prices as of ${retrievedAt}), converted to the registry's units (USD per token, per request, per second, per minute, per character). Compliance flags are provider defaults from src/registry/providers.ts.`,
    },
    models,
  };
  validateOrThrow(catalogFileSchema, file, `catalog/${author}.json`);
  fs.writeFileSync(path.join(outDir, `${author}.json`), JSON.stringify(file, null, 2) + '\n');
}
const endpointCount = [...byAuthor.values()].flat().reduce((s, m) => s + m.endpoints.length, 0);
console.log(`wrote ${byAuthor.size} catalog files, ${SELECTION.length} models, ${endpointCount} provider endpoints to ${outDir}`);
