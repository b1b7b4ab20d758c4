import { randomUUID } from 'node:crypto';
import type { MemoryHit, MemoryItem, MemoryPort, MemoryScope, MemorySearchQuery, NewMemoryItem } from '../contracts/stores';
import { parseQueryTime, withinWindow } from '../retrieval/query-time-window';
import { memoryLevelKeyOf, visibleMemoryLevelKeys } from '../retrieval/memory-levels';
import { queryNames } from '../retrieval/query-names';
import { compareHits, fuseScore } from '../retrieval/score-fusion';
import { jsonClone } from '../util/deep-freeze';

/**
 * Reference MemoryPort: the lexical score is the share of query words present (no vector list:
 * similarity null), fused with the same boosts as the Postgres port (runtime score-fusion: recency
 * ties newest first, a time expression in the query boosts items that happened then); an item is
 * kept at the most specific level its scope names and a search sees the levels its scope names, as
 * in the Postgres port (`memory-levels.ts`); storing a key again supersedes it at the same level.
 */
export class InMemoryMemoryPort implements MemoryPort {
  private readonly items = new Map<string, MemoryItem>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    const now = query.now ? new Date(query.now) : this.clock();
    const time = parseQueryTime(query.text, now);
    const queryWords = words(time.text);
    if (queryWords.size === 0) return Promise.resolve([]);
    const levels = new Set(visibleMemoryLevelKeys(query.scope));
    const visible = [...this.items.values()].filter(
      (item) => item.scope.tenantId === query.scope.tenantId && levels.has(memoryLevelKeyOf(item.scope)) && (!query.kinds || query.kinds.includes(item.kind)),
    );
    const visibleWords = visible.map((item) => words(item.content));
    // A name no visible item holds all the words of (as the Postgres port does, ADR 0054).
    const unknownNames = queryNames(time.text).filter((name) => {
      const nameWords = [...words(name)];
      return nameWords.length > 0 && !visibleWords.some((itemWords) => nameWords.every((word) => itemWords.has(word)));
    });
    const scored: { id: string; occurredAt: Date; score: number; hit: MemoryHit }[] = [];
    for (const [index, item] of visible.entries()) {
      const itemWords = visibleWords[index]!;
      const lexical = [...queryWords].filter((word) => itemWords.has(word)).length / queryWords.size;
      if (lexical === 0) continue;
      const occurredAt = new Date(item.occurredAt ?? item.createdAt);
      const inWindow = time.window ? withinWindow(time.window, occurredAt) : null;
      const { score, parts } = fuseScore({ similarity: null, lexical, pinned: false, occurredAt, inWindow, unknownNames }, now);
      scored.push({ id: item.id, occurredAt, score, hit: { item: jsonClone(item), score, parts } });
    }
    return Promise.resolve(
      scored
        .sort(compareHits)
        .slice(0, query.limit ?? 5)
        .map(({ hit }) => hit),
    );
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

function sameScope(left: MemoryScope, right: MemoryScope): boolean {
  return left.tenantId === right.tenantId && memoryLevelKeyOf(left) === memoryLevelKeyOf(right);
}

// Function words match everything and mean nothing; a reference port needs only the common ones.
const stopWords = new Set(
  'a an and are as at be by did do does for from had has have how i in is it its me my of on or our so that the their them then there these they this to was we were what when where which who why will with you your'.split(
    ' ',
  ),
);

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 1 && !stopWords.has(word)),
  );
}
