import type { MemoryHit, MemorySearchQuery } from '@agentloom/runtime';

import type { RecordedMemory } from '../case-fixture';
import { WritelessMemoryPort } from './writeless-memory-port';

/**
 * Memory as the recorded run saw it: every search returns the items that were injected into that
 * run (best recorded score first, up to the limit), whatever the live store holds now; writes are not
 * applied (WritelessMemoryPort). An experiment's `recorded` memory mode (the default).
 */
export class ReplayMemoryPort extends WritelessMemoryPort {
  constructor(
    private readonly injected: readonly RecordedMemory[],
    private readonly recordedAt: Date,
  ) {
    super();
  }

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    const kinds = query.kinds ? new Set(query.kinds) : undefined;
    const hits = this.injected
      .filter((item) => !kinds || kinds.has(item.kind))
      .sort((left, right) => right.score - left.score)
      .slice(0, query.limit ?? 5)
      .map(
        (item): MemoryHit => ({
          item: { id: item.id, scope: query.scope, kind: item.kind, content: item.content, ...(item.key ? { key: item.key } : {}), createdAt: this.recordedAt.toISOString() },
          score: item.score,
        }),
      );
    return Promise.resolve(hits);
  }
}
