import type { Database } from '@agentloom/db';

import type { EraseService } from '../erase/erase-service';
import { isDomainError } from '../errors/domain-error';
import type { Logger } from '../logging/logger';

/** Runs in a state an executor may still touch are never erased by retention. */
const finishedStatuses = ['succeeded', 'failed', 'cancelled'] as const;

/**
 * Erases finished runs older than their tenant's `retentionDays` (one transaction and one audit
 * record per run, actor `system:retention`), and deletes memory items that expired more than the
 * retention period ago. Bounded per sweep so one sweep never holds the database for long.
 *
 * A run whose erase is refused for now (a retry or a replay of it still queued or running, ADR 0104)
 * is skipped with a warning, and the sweep goes on past it: the sweep takes the oldest first, so a
 * refusal that ended the sweep would hold up retention for every tenant until that work ended.
 * Refusals count against the sweep's bound too, so a sweep stays bounded however many refuse.
 */
export async function sweepRetention(database: Database, erase: EraseService, logger: Logger, options: { limit: number }): Promise<number> {
  const tenants = await database.prisma.tenant.findMany({ where: { retentionDays: { not: null } }, select: { id: true, retentionDays: true } });
  let erased = 0;
  let attempts = 0;
  for (const tenant of tenants) {
    const cutoff = new Date(Date.now() - tenant.retentionDays! * 86_400_000);
    let after: { finishedAt: Date; id: string } | undefined;
    while (attempts < options.limit) {
      const runs = await database.prisma.run.findMany({
        where: {
          tenantId: tenant.id,
          status: { in: [...finishedStatuses] },
          finishedAt: { lt: cutoff },
          episodePending: false,
          ...(after ? { OR: [{ finishedAt: { gt: after.finishedAt } }, { finishedAt: after.finishedAt, id: { gt: after.id } }] } : {}),
        },
        orderBy: [{ finishedAt: 'asc' }, { id: 'asc' }],
        take: options.limit - attempts,
        select: { id: true, finishedAt: true },
      });
      for (const run of runs) {
        attempts += 1;
        if (await eraseUnlessRefused(erase, logger, tenant.id, run.id)) erased += 1;
      }
      const last = runs.at(-1);
      if (!last?.finishedAt) break;
      after = { finishedAt: last.finishedAt, id: last.id };
    }
    await database.prisma.memoryItem.deleteMany({ where: { tenantId: tenant.id, expiresAt: { lt: cutoff } } });
    if (attempts >= options.limit) break;
  }
  if (erased > 0) logger.info(`Retention erased ${erased} run(s)`);
  return erased;
}

/** False when the erase is refused for now (`conflict`) or the run is already gone (`not-found`). */
async function eraseUnlessRefused(erase: EraseService, logger: Logger, tenantId: string, runId: string): Promise<boolean> {
  try {
    await erase.eraseRunAs({ tenantId, system: 'retention' }, runId);
    return true;
  } catch (error) {
    if (!isDomainError(error) || (error.kind !== 'conflict' && error.kind !== 'not-found')) throw error;
    logger.warn(`Retention skipped run ${runId} for now: ${error.message}`, { tenantId, runId });
    return false;
  }
}
