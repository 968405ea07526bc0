// Cost of a logged request that arrived without one: the registry's pricing for (provider, model) and the token
// counts. The one call site of registry pricing in ingestion.
import { costUsd } from '../registry/cost.js';
import type { Usage } from './usage.js';

export interface PricingInput {
  provider: string;
  model: string;
  usage: Usage;
}

/**
 * USD for the usage; 0 when the registry does not know the model (never a guess). Uses the shipped catalog;
 * prices added or overridden by REGISTRY_FILE live in the running RegistryService (`ctx.registry.cost`).
 */
export function computeCostUsd({ provider, model, usage }: PricingInput): number {
  if (!model) return 0;
  return costUsd({
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
