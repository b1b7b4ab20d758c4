import type { MemoryHit, MemoryPort, MemorySearchQuery, NewMemoryItem } from '@agentloom/runtime';

import type { RecordedMemory } from '../case-fixture';

/**
 * Memory as the recorded run saw it: every search returns the items that were injected into that
 * run (best recorded score first, up to the limit), whatever the live store holds now. Writes are
 * not applied: a replay must not change the tenant's memory. Each store is acknowledged with an id
 * that says it is a replay's (`replay-<n>`), so a tool reading it back cannot mistake it for a stored item.
 */
export class ReplayMemoryPort implements MemoryPort {
  private stored = 0;

  constructor(
    private readonly injected: readonly RecordedMemory[],
    private readonly recordedAt: Date,
  ) {}

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

  store(item: NewMemoryItem): Promise<{ id: string }> {
    void item;
    this.stored += 1;
    return Promise.resolve({ id: `replay-${this.stored}` });
  }

  forget(id: string): Promise<boolean> {
    void id;
    return Promise.resolve(false);
  }
}
