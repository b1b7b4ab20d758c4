import type { MemoryHit, MemoryPort, MemorySearchQuery, NewMemoryItem } from '@agentloom/runtime';

import type { PrismaMemoryPort } from './prisma-memory-port';

/**
 * The memory port one run's engine sees: items it stores record the run as their source, so
 * erasing the run erases what it wrote, and the console can show where a memory came from.
 */
export class RunMemoryPort implements MemoryPort {
  constructor(
    private readonly port: PrismaMemoryPort,
    private readonly runId: string,
  ) {}

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    return this.port.search(query);
  }

  async store(item: NewMemoryItem): Promise<{ id: string }> {
    const { id } = await this.port.storeItem({ ...item, sourceRunId: this.runId });
    return { id };
  }

  forget(id: string): Promise<boolean> {
    return this.port.forget(id);
  }
}
