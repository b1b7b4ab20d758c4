import type { Database, PrismaExecutor } from '@agentloom/db';

import type { Logger } from '../logging/logger';
import type { PlatformMetrics } from './platform-metrics';

/** Every process LISTENs here, and drops the metric series of tenants that no longer exist. */
export const tenantsErasedChannel = 'agentloom_tenants_erased';

/**
 * Tells every process that a tenant was erased (payload: its id), inside the erase's transaction: Postgres
 * delivers it when the erase commits, never for one that rolled back.
 */
export async function notifyTenantErased(transaction: PrismaExecutor, tenantId: string): Promise<void> {
  await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', tenantsErasedChannel, tenantId);
}

/**
 * Keeps a process's metrics free of erased tenants. Usage and tool series are labelled by tenant id, agent
 * slug and tool name (ADR 0046), and a process keeps a series for as long as it runs: without this, an erased
 * tenant's id and names stayed in every scrape until a restart. On each notification, and after the listening
 * connection comes back (a notification may have been missed), the tenant ids the series name are checked
 * against the `tenants` table, and the series of those gone are removed. Returns the function that stops it.
 */
export async function dropSeriesOfErasedTenants(database: Database, metrics: PlatformMetrics, logger: Logger): Promise<() => Promise<void>> {
  let checking = Promise.resolve();
  const check = () => {
    checking = checking.then(async () => {
      const named = await metrics.tenantsInSeries();
      if (named.length === 0) return;
      const existing = await database.prisma.tenant.findMany({ where: { id: { in: named } }, select: { id: true } });
      const kept = new Set(existing.map((tenant) => tenant.id));
      const gone = named.filter((tenantId) => !kept.has(tenantId));
      if (gone.length > 0) await metrics.dropTenantSeries(gone);
    }).catch((error: unknown) => logger.warn(`Could not drop the metric series of erased tenants: ${error instanceof Error ? error.message : String(error)}`));
  };
  const release = await database.notifications.listen(tenantsErasedChannel, { onNotification: check, onReconnected: check });
  return async () => {
    await release();
    await checking;
  };
}
