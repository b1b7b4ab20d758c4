import type { ModelUsage } from '../contracts/model-gateway';
import type { ModelPricing } from './model-config.schema';

/** Token counts plus their price in US dollars when the model's pricing is configured. */
export function computeUsage(inputTokens: number, outputTokens: number, pricing: ModelPricing | undefined): ModelUsage {
  if (pricing === undefined) return { inputTokens, outputTokens };
  const costUsd = (inputTokens * pricing.inputPerMillion + outputTokens * pricing.outputPerMillion) / 1_000_000;
  return { inputTokens, outputTokens, costUsd };
}
