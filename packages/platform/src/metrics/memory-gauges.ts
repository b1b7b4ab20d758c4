import type { Database } from '@agentloom/db';
import { Gauge, type Registry } from 'prom-client';

/** How long a memory-items count is reused: it groups the whole table, so it is not recounted on every scrape. */
const memoryItemsRefreshMs = 5 * 60_000;

/**
 * Live memory items by kind. Unlike the queue gauges no partial index answers this, so the count is
 * refreshed at most every five minutes; working-memory sizes (checkpoint bytes, messages per run,
 * seeded history tokens) are histograms observed as runs commit (see `PlatformMetrics`).
 */
export function collectMemoryGauges(database: Database, registry: Registry, now: () => number = Date.now): void {
  let cached: { at: number; groups: { kind: string; count: number }[] } | undefined;
  new Gauge({
    name: 'agentloom_memory_items',
    help: 'Live memory items (not superseded) by kind, refreshed at most every 5 minutes',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      if (!cached || now() - cached.at >= memoryItemsRefreshMs) {
        const groups = await database.prisma.memoryItem.groupBy({ by: ['kind'], where: { supersededById: null }, _count: { _all: true } });
        cached = { at: now(), groups: groups.map((group) => ({ kind: group.kind, count: group._count._all })) };
      }
      this.reset();
      for (const group of cached.groups) this.set({ kind: group.kind }, group.count);
    },
  });
}
