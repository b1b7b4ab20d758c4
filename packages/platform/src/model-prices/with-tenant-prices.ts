import type { PrismaClient } from '@agentloom/db';

import type { AgentVersionConfig } from '../agents/agent-version-config';

type PricedModel = NonNullable<AgentVersionConfig['model']>;

/**
 * The version's config with every model that has no `pricing` of its own priced from the tenant's
 * price table (ADR 0057): the model config's own prices first, else the tenant's, else none (its
 * calls add tokens and no cost, never a made-up $0). Read once when an attempt starts, in one query
 * by primary key; the runtime receives plain `pricing` in its config and never reads the table.
 * The cached-input price (ADR 0063) prices input tokens the provider read from its prompt cache.
 */
export async function withTenantPrices(prisma: Pick<PrismaClient, 'modelPrice'>, tenantId: string, config: AgentVersionConfig): Promise<AgentVersionConfig> {
  const models = [config.model, ...config.fallbackModels].filter((model): model is PricedModel => model !== undefined);
  const unpriced = models.filter((model) => model.pricing === undefined);
  if (unpriced.length === 0) return config;
  const rows = await prisma.modelPrice.findMany({
    where: { tenantId, OR: unpriced.map((model) => ({ provider: model.provider, model: model.model })) },
    select: { provider: true, model: true, inputUsdPerMillion: true, outputUsdPerMillion: true, cachedInputUsdPerMillion: true },
  });
  if (rows.length === 0) return config;
  const priceOf = (model: PricedModel): PricedModel => {
    if (model.pricing !== undefined) return model;
    const row = rows.find((price) => price.provider === model.provider && price.model === model.model);
    if (!row) return model;
    const cached = row.cachedInputUsdPerMillion === null ? {} : { cachedInputPerMillion: Number(row.cachedInputUsdPerMillion) };
    return { ...model, pricing: { inputPerMillion: Number(row.inputUsdPerMillion), outputPerMillion: Number(row.outputUsdPerMillion), ...cached } };
  };
  return { ...config, ...(config.model ? { model: priceOf(config.model) } : {}), fallbackModels: config.fallbackModels.map(priceOf) };
}
