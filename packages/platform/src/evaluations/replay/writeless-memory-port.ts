import type { MemoryHit, MemoryPort, MemorySearchQuery, NewMemoryItem } from '@agentloom/runtime';

/**
 * The writes of a replay's memory: acknowledged, never applied — a replay must not change the
 * tenant's memory, whichever memory mode serves its reads. Each store answers with an id that says it
 * is a replay's (`replay-<n>`), so a tool reading it back cannot mistake it for a stored item.
 */
export abstract class WritelessMemoryPort implements MemoryPort {
  private stored = 0;

  abstract search(query: MemorySearchQuery): Promise<MemoryHit[]>;

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

/**
 * An experiment's `live` memory mode: searches read the tenant's memory as it is now, through the
 * run's own memory port (same scope and ranking as a live run); writes are not applied.
 */
export class LiveReadsMemoryPort extends WritelessMemoryPort {
  constructor(private readonly live: MemoryPort) {
    super();
  }

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    return this.live.search(query);
  }
}
