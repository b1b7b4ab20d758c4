import { randomUUID } from 'node:crypto';
import type { MemoryHit, MemoryItem, MemoryPort, MemoryScope, MemorySearchQuery, NewMemoryItem } from '../contracts/stores';
import { jsonClone } from '../util/deep-freeze';

/**
 * Reference MemoryPort: keyword overlap scoring (share of query words present), scope matching on
 * every field the query sets, supersede by key within the same scope.
 */
export class InMemoryMemoryPort implements MemoryPort {
  private readonly items = new Map<string, MemoryItem>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    const queryWords = words(query.text);
    if (queryWords.size === 0) return Promise.resolve([]);
    const hits: MemoryHit[] = [];
    for (const item of this.items.values()) {
      if (!scopeMatches(item.scope, query.scope)) continue;
      if (query.kinds && !query.kinds.includes(item.kind)) continue;
      const itemWords = words(item.content);
      const score = [...queryWords].filter((word) => itemWords.has(word)).length / queryWords.size;
      if (score > 0) hits.push({ item: jsonClone(item), score });
    }
    return Promise.resolve(hits.sort((left, right) => right.score - left.score || left.item.createdAt.localeCompare(right.item.createdAt)).slice(0, query.limit ?? 5));
  }

  store(item: NewMemoryItem): Promise<{ id: string }> {
    if (item.key !== undefined) {
      for (const [id, existing] of this.items) {
        if (existing.key === item.key && sameScope(existing.scope, item.scope)) this.items.delete(id);
      }
    }
    const id = randomUUID();
    this.items.set(id, { ...jsonClone(item), id, createdAt: this.clock().toISOString() });
    return Promise.resolve({ id });
  }

  forget(id: string): Promise<boolean> {
    return Promise.resolve(this.items.delete(id));
  }
}

/** An item matches when every field set in the query scope is equal on the item. */
function scopeMatches(itemScope: MemoryScope, queryScope: MemoryScope): boolean {
  return (Object.keys(queryScope) as (keyof MemoryScope)[]).every((key) => queryScope[key] === undefined || itemScope[key] === queryScope[key]);
}

function sameScope(left: MemoryScope, right: MemoryScope): boolean {
  return left.tenantId === right.tenantId && left.agentId === right.agentId && left.threadId === right.threadId && left.userId === right.userId;
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 1));
}
