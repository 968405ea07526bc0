// Pricing: hand-computed figures, one row per rule (tiers, cache, thinking, per request, modality, meters), then
// lookups in the shipped catalog by the names a logged request carries.
import { expect } from 'chai';
import type { ModelPricing } from '../../schema/registry.js';
import { costUsd, priceUsage, type Usage } from '../../src/registry/index.js';

const claudeLike: ModelPricing[] = [
  { threshold: 0, input: 3e-6, output: 15e-6, cacheMultipliers: { cachedInput: 0.1, write5m: 1.25, write1h: 2 } },
  { threshold: 200_000, input: 6e-6, output: 22.5e-6, cacheMultipliers: { cachedInput: 0.1, write5m: 1.25, write1h: 2 } },
];
const thinker: ModelPricing[] = [{ threshold: 0, input: 1e-6, output: 4e-6, thinking: 3.5e-6 }];
const noThinkingPrice: ModelPricing[] = [{ threshold: 0, input: 1e-6, output: 4e-6 }];
const perRequest: ModelPricing[] = [{ threshold: 0, input: 0, output: 0, request: 0.002 }];
const audioModel: ModelPricing[] = [
  { threshold: 0, input: 2.5e-6, output: 10e-6, audio: { input: 40e-6, output: 80e-6, cachedInputMultiplier: 0.5 } },
];
const partialMeters: ModelPricing[] = [
  { threshold: 0, input: 1e-6, output: 2e-6, meterRates: [{ dimension: 'input', unit: 'token', rate: 0.5e-6 }] },
];
const megapixels: ModelPricing[] = [
  { threshold: 0, input: 0, output: 0, meterRates: [{ dimension: 'image_output', unit: 'megapixel', rate: 0.01 }] },
];
const transcription: ModelPricing[] = [{ threshold: 0, input: 0, output: 0, audioMinute: 0.006 }];
const speech: ModelPricing[] = [{ threshold: 0, input: 0, output: 0, character: 15e-6 }];
const search: ModelPricing[] = [{ threshold: 0, input: 1e-6, output: 1e-6, web_search: 0.01 }];
const images: ModelPricing[] = [
  { threshold: 0, input: 0, output: 0, imageGeneration: { 'high:1024x1024': 0.167, 'low:1024x1024': 0.011 } },
];
const video: ModelPricing[] = [{
  threshold: 0, input: 0, output: 0,
  meterRates: [
    { dimension: 'video_output', unit: 'second', rate: 0.05 },
    { dimension: 'video_output', unit: 'second', rate: 0.08, variants: { resolution: '1080p' } },
  ],
}];

const rows: Array<{ name: string; pricing: ModelPricing[]; usage: Usage; usd: number }> = [
  // 1000 * 3e-6 + 500 * 15e-6
  { name: 'input and output tokens', pricing: claudeLike, usage: { promptTokens: 1000, completionTokens: 500 }, usd: 0.0105 },
  // exactly at the threshold: still the first tier, 200000 * 3e-6
  { name: 'prompt at the threshold stays in the lower tier', pricing: claudeLike, usage: { promptTokens: 200_000 }, usd: 0.6 },
  // one token over: the whole request at the upper tier, 200001 * 6e-6 + 10 * 22.5e-6
  { name: 'prompt over the threshold: whole request at the upper tier', pricing: claudeLike, usage: { promptTokens: 200_001, completionTokens: 10 }, usd: 1.200231 },
  // input 3000 * 3e-6 = .009; read 4000 * 3e-7 = .0012; write5m 1000 * 3.75e-6 = .00375; write1h 2000 * 6e-6 = .012; out 100 * 15e-6 = .0015
  {
    name: 'cache read and write multipliers', pricing: claudeLike,
    usage: { promptTokens: 10_000, cacheReadTokens: 4000, cacheWriteTokens: 1000, cacheWrite1hTokens: 2000, completionTokens: 100 }, usd: 0.02745,
  },
  // 100 * 1e-6 + 400 * 4e-6 + 600 * 3.5e-6
  { name: 'thinking tokens at the thinking price', pricing: thinker, usage: { promptTokens: 100, completionTokens: 1000, reasoningTokens: 600 }, usd: 0.0038 },
  // no thinking price: reasoning is part of completion, 100 * 1e-6 + 1000 * 4e-6
  { name: 'thinking without its own price is output', pricing: noThinkingPrice, usage: { promptTokens: 100, completionTokens: 1000, reasoningTokens: 600 }, usd: 0.0041 },
  // cache read without a cache price is plain input: 1000 * 1e-6
  { name: 'cache read without a cache price is plain input', pricing: noThinkingPrice, usage: { promptTokens: 1000, cacheReadTokens: 800 }, usd: 0.001 },
  { name: 'per-request price, one request by default', pricing: perRequest, usage: { promptTokens: 5000 }, usd: 0.002 },
  { name: 'per-request price times requests', pricing: perRequest, usage: { requests: 3 }, usd: 0.006 },
  // text in 800 * 2.5e-6 = .002; audio in 150 * 40e-6 = .006; audio cached 50 * 20e-6 = .001; audio out 100 * 80e-6 = .008; text out 200 * 10e-6 = .002
  {
    name: 'modality pricing with a cached-input multiplier', pricing: audioModel,
    usage: { promptTokens: 1000, promptAudioTokens: 200, cachedAudioTokens: 50, cacheReadTokens: 50, completionTokens: 300, completionAudioTokens: 100 },
    usd: 0.019,
  },
  // declared input meter wins (1000 * 0.5e-6), output filled from the legacy field (1000 * 2e-6)
  { name: 'meterRates filled from legacy fields', pricing: partialMeters, usage: { promptTokens: 1000, completionTokens: 1000 }, usd: 0.0025 },
  { name: 'provider-declared unit (megapixel)', pricing: megapixels, usage: { meters: { 'image_output:megapixel': 4.2 } }, usd: 0.042 },
  { name: 'audio minutes', pricing: transcription, usage: { audioSeconds: 90 }, usd: 0.009 },
  { name: 'characters', pricing: speech, usage: { characters: 1000 }, usd: 0.015 },
  // 3 * 0.01 + 10 * 1e-6
  { name: 'web searches', pricing: search, usage: { webSearches: 3, promptTokens: 10 }, usd: 0.03001 },
  { name: 'generated images by quality:size', pricing: images, usage: { images: 2, imageQuality: 'high', imageSize: '1024x1024' }, usd: 0.334 },
  { name: 'generated image of an unpriced variant', pricing: images, usage: { images: 1, imageQuality: 'ultra', imageSize: '1024x1024' }, usd: 0 },
  { name: 'video seconds, default variant', pricing: video, usage: { videoSeconds: 8, variants: { resolution: '720p' } }, usd: 0.4 },
  { name: 'video seconds, 1080p variant', pricing: video, usage: { videoSeconds: 8, variants: { resolution: '1080p' } }, usd: 0.64 },
  { name: 'parts larger than the total never charge negative', pricing: claudeLike, usage: { promptTokens: 10, cacheReadTokens: 100 }, usd: 0.00003 },
  { name: 'garbage counts are ignored', pricing: claudeLike, usage: { promptTokens: -5, completionTokens: Number.NaN }, usd: 0 },
];

describe('registry pricing: priceUsage', () => {
  for (const row of rows) {
    it(row.name, () => {
      expect(priceUsage(row.pricing, row.usage).usd).to.be.closeTo(row.usd, 1e-12);
    });
  }

  it('reports which tier applied and one line per meter', () => {
    const r = priceUsage(claudeLike, { promptTokens: 250_000, completionTokens: 1000 });
    expect(r.threshold).to.equal(200_000);
    expect(r.breakdown.map((l) => [l.meter, l.quantity, l.rate])).to.deep.equal([
      ['input:token', 250_000, 6e-6],
      ['output:token', 1000, 22.5e-6],
    ]);
  });
});

describe('registry pricing: costUsd over the shipped catalog', () => {
  const table: Array<{ name: string; provider?: string; model: string; usage: Usage; usd: number; priced: [string, string] }> = [
    // $2.50 / $10 per 1M
    { name: 'registry ids', provider: 'openai', model: 'gpt-4o', usage: { promptTokens: 1_000_000, completionTokens: 1_000_000 }, usd: 12.5, priced: ['openai', 'gpt-4o'] },
    { name: 'upper-case provider code and a dated model id', provider: 'OPENAI', model: 'gpt-4o-2024-08-06', usage: { promptTokens: 1000, completionTokens: 100 }, usd: 0.0035, priced: ['openai', 'gpt-4o'] },
    // over 200K tokens: $6 per 1M input
    { name: 'Claude Sonnet 4.5 upper tier', provider: 'ANTHROPIC', model: 'claude-sonnet-4-5-20250929', usage: { promptTokens: 250_000 }, usd: 1.5, priced: ['anthropic', 'claude-sonnet-4-5'] },
    // Bedrock EU cross-region deployment is 10% dearer: $3.30 per 1M
    { name: 'AWS code and a Bedrock regional id', provider: 'AWS', model: 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0', usage: { promptTokens: 1000 }, usd: 0.0033, priced: ['bedrock', 'claude-sonnet-4-5'] },
    { name: 'rerank priced per search', provider: 'COHERE', model: 'rerank-v3.5', usage: { promptTokens: 5000 }, usd: 0.002, priced: ['cohere', 'rerank-v3.5'] },
    // $0.05 per 1M tokens
    { name: 'rerank priced per token', provider: 'voyage', model: 'rerank-2.5', usage: { promptTokens: 20_000 }, usd: 0.001, priced: ['voyage', 'rerank-2.5'] },
    { name: 'video per second at 1080p', provider: 'GOOGLE', model: 'veo-3.1-lite-generate-preview', usage: { videoSeconds: 8, variants: { resolution: '1080p' } }, usd: 0.64, priced: ['google', 'veo-3.1-lite-generate-preview'] },
    // $0.10 per second
    { name: 'Sora 2 per second', provider: 'OPENAI', model: 'sora-2', usage: { videoSeconds: 12 }, usd: 1.2, priced: ['openai', 'sora-2'] },
    { name: 'unknown provider code: the model list price', provider: 'LOCAL', model: 'gpt-4o-mini', usage: { promptTokens: 1_000_000 }, usd: 0.15, priced: ['openai', 'gpt-4o-mini'] },
    { name: 'vendor-prefixed model name', model: 'openai/gpt-4.1', usage: { promptTokens: 1_000_000 }, usd: 2, priced: ['openai', 'gpt-4.1'] },
    // Groq serves Llama 3.3 70B at $0.59 / $0.79 per 1M
    { name: 'open model at a given provider', provider: 'GROQ', model: 'llama-3.3-70b-versatile', usage: { promptTokens: 1_000_000, completionTokens: 1_000_000 }, usd: 1.38, priced: ['groq', 'llama-3.3-70b-instruct'] },
  ];
  for (const row of table) {
    it(row.name, () => {
      const r = costUsd({ provider: row.provider, model: row.model, usage: row.usage });
      expect(r.known).to.equal(true);
      expect(r.usd).to.be.closeTo(row.usd, 1e-12);
      expect([r.provider, r.model]).to.deep.equal(row.priced);
    });
  }

  it('unknown model: 0 and known false, never a throw', () => {
    expect(costUsd({ provider: 'OPENAI', model: 'gpt-99-ultra', usage: { promptTokens: 1e6 } })).to.deep.equal({ usd: 0, known: false, breakdown: [] });
    expect(costUsd({ provider: null, model: null, usage: {} })).to.deep.equal({ usd: 0, known: false, breakdown: [] });
    expect(costUsd({ provider: 'OPENAI', model: '', usage: undefined as unknown as Usage }).known).to.equal(false);
  });
});
