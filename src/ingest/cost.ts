// Cost of a logged request that arrived without one: the registry's pricing for (provider, model) and the token
// counts. The one call site of registry pricing in ingestion.
import { costUsd, type Usage as RegistryUsage } from '../registry/cost.js';
import type { Usage } from './usage.js';

export interface PricingInput {
  provider: string;
  model: string;
  usage: Usage;
}

/** The registry's pricing: `ctx.registry.cost` (catalog + REGISTRY_FILE), or the shipped catalog alone. */
export type CostFn = (input: { provider?: string; model: string; usage: RegistryUsage }) => { usd: number };

/** USD for the usage; 0 when the registry does not know the model (never a guess). */
export function computeCostUsd({ provider, model, usage }: PricingInput, cost: CostFn = costUsd): number {
  if (!model) return 0;
  return cost({
    provider: provider || undefined,
    model,
    usage: {
      promptTokens: usage.prompt,
      completionTokens: usage.completion,
      cacheReadTokens: usage.cacheRead,
      cacheWriteTokens: usage.cacheWrite,
      reasoningTokens: usage.reasoning,
      promptAudioTokens: usage.promptAudio,
      completionAudioTokens: usage.completionAudio,
    },
  }).usd;
}
