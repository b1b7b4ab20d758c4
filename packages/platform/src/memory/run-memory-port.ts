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
    private readonly runId: string,
    private readonly runCreatedAt: Date,
  ) {}

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    return this.port.search({ now: this.runCreatedAt.toISOString(), ...query });
  }

  async store(item: NewMemoryItem): Promise<{ id: string }> {
    const { id } = await this.port.storeItem({ occurredAt: this.runCreatedAt.toISOString(), ...item, sourceRunId: this.runId });
    return { id };
  }

  forget(id: string): Promise<boolean> {
    return this.port.forget(id);
  }
}
