import type { Database } from '@agentloom/db';

import type { EraseService } from '../erase/erase-service';
import type { Logger } from '../logging/logger';

/** Runs in a state an executor may still touch are never erased by retention. */
const finishedStatuses = ['succeeded', 'failed', 'cancelled'] as const;

/**
 * Erases finished runs older than their tenant's `retentionDays` (one transaction and one audit
 * record per run, actor `system:retention`), and deletes memory items that expired more than the
 * retention period ago. Bounded per sweep so one sweep never holds the database for long.
 */
export async function sweepRetention(database: Database, erase: EraseService, logger: Logger, options: { limit: number }): Promise<number> {
  const tenants = await database.prisma.tenant.findMany({ where: { retentionDays: { not: null } }, select: { id: true, retentionDays: true } });
  let erased = 0;
  for (const tenant of tenants) {
    const cutoff = new Date(Date.now() - tenant.retentionDays! * 86_400_000);
    const runs = await database.prisma.run.findMany({
      where: { tenantId: tenant.id, status: { in: [...finishedStatuses] }, finishedAt: { lt: cutoff }, episodePending: false },
      orderBy: { finishedAt: 'asc' },
      take: options.limit - erased,
      select: { id: true },
    });
    for (const run of runs) {
      await erase.eraseRunAs({ tenantId: tenant.id, system: 'retention' }, run.id);
      erased += 1;
    }
    await database.prisma.memoryItem.deleteMany({ where: { tenantId: tenant.id, expiresAt: { lt: cutoff } } });
    if (erased >= options.limit) break;
  }
  if (erased > 0) logger.info(`Retention erased ${erased} run(s)`);
  return erased;
}
