import { pricedModelKey } from '../model-prices/tenant-priced-models';

/**
 * Whether every model a run could have called has prices configured. The engine puts a cost on a
 * call only when its model's pricing is known (`computeUsage`), and the step row stores an unpriced
 * call as 0 — so "$0" would be a lie for a run on an unpriced model (or the offline demo script).
 * A model without `pricing` of its own is priced when the tenant's price table has it (`tenantPriced`,
 * ADR 0057); the answer then holds for runs started after the price was set.
 *
 * Reads the stored config loosely: it was validated at save, and a reader must not fail on a
 * version written by an older schema.
 */
export function pricesKnown(config: unknown, tenantPriced: ReadonlySet<string> = new Set()): boolean {
  if (!isRecord(config) || !isRecord(config.model)) return false;
  const fallbacks: unknown[] = Array.isArray(config.fallbackModels) ? (config.fallbackModels as unknown[]) : [];
  return [config.model, ...fallbacks].every((model) => isRecord(model) && (isRecord(model.pricing) || tenantPriced.has(pricedModelKey(String(model.provider), String(model.model)))));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
