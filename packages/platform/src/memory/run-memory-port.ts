import type { MemoryHit, MemoryPort, MemorySearchQuery, NewMemoryItem } from '@agentloom/runtime';

import type { PrismaMemoryPort } from './prisma-memory-port';

/**
 * The memory port one run's engine sees: items it stores record the run as their source, so
 * erasing the run erases what it wrote, and the console can show where a memory came from. They
 * happened when the run did (occurredAt), and the run's searches read "last week" relative to the
 * run's own time, so a resumed or replayed run sees the same window.
 */
export class RunMemoryPort implements MemoryPort {
  constructor(
    private readonly port: PrismaMemoryPort,
    private readonly run: { id: string; tenantId: string; createdAt: Date },
  ) {}

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    return this.port.search({ now: this.run.createdAt.toISOString(), ...query });
  }

  async store(item: NewMemoryItem): Promise<{ id: string }> {
    const { id } = await this.port.storeItem({ occurredAt: this.run.createdAt.toISOString(), ...item, sourceRunId: this.run.id });
    return { id };
  }

  /** Only an item of the run's tenant: a memory id from another tenant is simply not found. */
  forget(id: string): Promise<boolean> {
    return this.port.forgetIn(id, this.run.tenantId);
  }
}
