// The model/provider mix of the benchmark data: which (model, provider) pairs occur and how often. Prices come from
// the model registry (the same prices ingestion uses to cost a log), turned into exact integer nano-USD per token,
// the unit of `cost_nano_usd`.
import { normalizeProvider, priceUsage, providerInfo, selectTier, shippedRegistry, type Usage } from '../../src/registry/index.js';

interface MixEntry {
  model: string;
  /** Registry provider id; stored upper-case, as ingestion stores a log's provider (spec 2.4). */
  provider: string;
  /** Relative traffic share (skewed like real gateway traffic: a few cheap models carry most requests). */
  weight: number;
  /** Typical time to first token (ms) and generation speed (ms per output token). */
  ttftMs: number;
  msPerToken: number;
  /** Share of completion tokens that are reasoning tokens (0 = not a reasoning model). */
  reasoningShare?: number;
}

const MIX: readonly MixEntry[] = [
  { model: 'gpt-4o-mini', provider: 'openai', weight: 26, ttftMs: 350, msPerToken: 12 },
  { model: 'gpt-4o-mini', provider: 'azure', weight: 6, ttftMs: 420, msPerToken: 13 },
  { model: 'gpt-4o', provider: 'openai', weight: 10, ttftMs: 480, msPerToken: 18 },
  { model: 'gpt-4o', provider: 'azure', weight: 3, ttftMs: 520, msPerToken: 19 },
  { model: 'gpt-4.1-mini', provider: 'openai', weight: 8, ttftMs: 380, msPerToken: 11 },
  { model: 'gpt-4.1', provider: 'openai', weight: 5, ttftMs: 500, msPerToken: 16 },
  { model: 'gpt-5-mini', provider: 'openai', weight: 4, ttftMs: 1500, msPerToken: 8, reasoningShare: 0.6 },
  { model: 'o4-mini', provider: 'openai', weight: 2, ttftMs: 2500, msPerToken: 9, reasoningShare: 0.7 },
  { model: 'claude-sonnet-4-5', provider: 'anthropic', weight: 9, ttftMs: 900, msPerToken: 20 },
  { model: 'claude-sonnet-4-5', provider: 'bedrock', weight: 3, ttftMs: 1100, msPerToken: 22 },
  { model: 'claude-sonnet-4-5', provider: 'vertex', weight: 1, ttftMs: 1000, msPerToken: 21 },
  { model: 'claude-haiku-4-5', provider: 'anthropic', weight: 5, ttftMs: 600, msPerToken: 10 },
  { model: 'gemini-2.0-flash', provider: 'google', weight: 7, ttftMs: 300, msPerToken: 6 },
  { model: 'gemini-2.5-pro', provider: 'vertex', weight: 2, ttftMs: 1800, msPerToken: 14, reasoningShare: 0.5 },
  { model: 'llama-3.3-70b-instruct', provider: 'groq', weight: 3, ttftMs: 200, msPerToken: 4 },
  { model: 'llama-3.3-70b-instruct', provider: 'together', weight: 2, ttftMs: 450, msPerToken: 9 },
  { model: 'llama-3.1-8b-instruct', provider: 'groq', weight: 3, ttftMs: 150, msPerToken: 2 },
  { model: 'mistral-large', provider: 'mistral', weight: 1.5, ttftMs: 550, msPerToken: 17 },
  { model: 'deepseek-v3.2', provider: 'deepseek', weight: 2.5, ttftMs: 700, msPerToken: 15 },
];

export interface CatalogEntry extends Required<MixEntry> {
  /** Upper-case provider code as stored in the request table. */
  providerCode: string;
  targetUrl: string;
  /** Exact nano-USD per token: plain input, cached input, output, reasoning output. */
  nanoIn: number;
  nanoCacheRead: number;
  nanoOut: number;
  nanoReasoning: number;
}

/** nano-USD that the registry charges for one unit of one part of usage (prices of the lowest tier). */
function nanoFor(tiers: Parameters<typeof priceUsage>[0], usage: Usage): number {
  return Math.round(priceUsage(tiers, { requests: 0, ...usage }).usd * 1e9);
}

/** The mix with prices from the registry. A mix entry the registry does not know is a bug here: it throws. */
export function benchCatalog(): CatalogEntry[] {
  const registry = shippedRegistry();
  return MIX.map((e) => {
    const provider = normalizeProvider(e.provider);
    const found = registry.findPricing(e.provider, e.model);
    if (!provider || !found || found.provider !== provider) throw new Error(`benchmark mix: registry has no ${e.provider}/${e.model}`);
    // The tier for short prompts: generated prompts (at most about 1,100 tokens) never reach a long-context tier.
    const tiers = [selectTier(found.pricing, 0)];
    // Per-token rates, measured through the registry's own pricing function on 1M tokens so that sub-nano prices
    // (e.g. $0.075 per 1M = 75 nano-USD per token) come out exact.
    const M = 1_000_000;
    return {
      ...e,
      reasoningShare: e.reasoningShare ?? 0,
      providerCode: e.provider.toUpperCase(),
      targetUrl: `${providerInfo(provider).defaultBaseUrl ?? `https://${e.provider}.example.net`}/v1/chat/completions`,
      nanoIn: nanoFor(tiers, { promptTokens: M }) / M,
      nanoCacheRead: nanoFor(tiers, { promptTokens: M, cacheReadTokens: M }) / M,
      nanoOut: nanoFor(tiers, { completionTokens: M }) / M,
      nanoReasoning: nanoFor(tiers, { completionTokens: M, reasoningTokens: M }) / M,
    };
  });
}
