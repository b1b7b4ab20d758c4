import type { PrismaClient } from '@agentloom/db';

/** `provider/model` of every model the tenant's price table prices (ADR 0057); a primary-key prefix read. */
export async function tenantPricedModels(prisma: Pick<PrismaClient, 'modelPrice'>, tenantId: string): Promise<ReadonlySet<string>> {
  const rows = await prisma.modelPrice.findMany({ where: { tenantId }, select: { provider: true, model: true } });
  return new Set(rows.map((row) => pricedModelKey(row.provider, row.model)));
}

export function pricedModelKey(provider: string, model: string): string {
  return `${provider}/${model}`;
}
