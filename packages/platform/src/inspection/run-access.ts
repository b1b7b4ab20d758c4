import type { PrismaClient } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { tenantPricedModels } from '../model-prices/tenant-priced-models';
import { pricesKnown } from '../runs/run-pricing';

/**
 * Every inspection read starts here: a run of another tenant and an unknown run are the same
 * `not-found`, so ids of other tenants cannot be probed.
 */
export async function assertRunVisible(prisma: PrismaClient, principal: Principal, runId: string): Promise<void> {
  const run = await prisma.run.findFirst({ where: { id: runId, tenantId: principal.tenantId }, select: { id: true } });
  if (!run) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
}

/** Whether every model the run's agent version can call has prices (see `pricesKnown`). */
export async function runPricesKnown(prisma: PrismaClient, tenantId: string, runId: string): Promise<boolean> {
  const [run, tenantPriced] = await Promise.all([
    prisma.run.findFirst({ where: { id: runId, tenantId }, select: { agentVersion: { select: { config: true } } } }),
    tenantPricedModels(prisma, tenantId),
  ]);
  return run ? pricesKnown(run.agentVersion.config, tenantPriced) : false;
}
