import type { ModelUsage } from '../contracts/model-gateway';
import type { ModelPricing } from './model-config.schema';

/**
 * Usage of one call with its cost when the model is priced. `cachedInputTokens` are the part of
 * `inputTokens` the provider read from its prompt cache: priced at `cachedInputPerMillion` when the
 * pricing has one, else at the input price like every other input token (ADR 0063).
 */
export function computeUsage(inputTokens: number, outputTokens: number, pricing: ModelPricing | undefined, cachedInputTokens = 0): ModelUsage {
  // A provider never reports more cached tokens than input tokens; a wrong report must not make cost negative.
  const cached = Math.min(Math.max(cachedInputTokens, 0), inputTokens);
  const counted = { inputTokens, outputTokens, ...(cached > 0 ? { cachedInputTokens: cached } : {}) };
  if (pricing === undefined) return counted;
  const cachedPrice = pricing.cachedInputPerMillion ?? pricing.inputPerMillion;
  const costUsd = ((inputTokens - cached) * pricing.inputPerMillion + cached * cachedPrice + outputTokens * pricing.outputPerMillion) / 1_000_000;
  return { ...counted, costUsd };
}
