import type { Database } from '@agentloom/db';

import { tenantPricedModels } from '../model-prices/tenant-priced-models';
import { pricesKnown } from '../runs/run-pricing';
import { selectVersionModels } from './usage-rows';

/**
 * Which of the versions price every model they could call — the rule a run's `usage.costKnown`
 * follows (`pricesKnown`), so the usage page and the run page never disagree about a run. A run of
 * an unpriced version stored its calls at $0: summed, that would read as "free" (ADR 0028).
 */
export async function pricedVersions(database: Database, tenantId: string, versionIds: readonly string[]): Promise<ReadonlySet<string>> {
  const [versions, tenantPriced] = await Promise.all([selectVersionModels(database.sql, tenantId, versionIds), tenantPricedModels(database.prisma, tenantId)]);
  return new Set(versions.filter((version) => pricesKnown(version.config, tenantPriced)).map((version) => version.id));
}
