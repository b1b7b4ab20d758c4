import type { DatabaseEnums } from '@agentloom/db';
import { visibleMemoryLevelKeys, type MemoryScope } from '@agentloom/runtime';

export type MemoryScopeLevel = DatabaseEnums.MemoryScope;

/** Where an item is stored: one level and the id at that level (always inside the tenant). */
export interface StoredScope {
  tenantId: string;
  scope: MemoryScopeLevel;
  scopeId: string;
  /** Set for thread-level items (the column cascades with the thread). */
  threadId: string | null;
}

/**
 * An item is stored at the most specific level its scope names: thread, else end user, else agent,
 * else the whole tenant ("project"). A thread is the most private place (one conversation, maybe
 * one end user), so an item written from a thread stays in it unless written at a wider scope.
 */
export function storedScopeOf(scope: MemoryScope): StoredScope {
  const base = { tenantId: scope.tenantId, threadId: null };
  if (scope.threadId) return { ...base, scope: 'thread', scopeId: scope.threadId, threadId: scope.threadId };
  if (scope.userId) return { ...base, scope: 'user', scopeId: scope.userId };
  if (scope.agentId) return { ...base, scope: 'agent', scopeId: scope.agentId };
  return { ...base, scope: 'project', scopeId: scope.tenantId };
}

/** The levels a search sees, as `level:id` keys (the runtime's definition, which every MemoryPort shares). */
export const visibleLevelKeys: (scope: MemoryScope) => string[] = visibleMemoryLevelKeys;

/** The runtime scope of a stored item (the levels above its own are not recorded on the row). */
export function memoryScopeOf(stored: { tenantId: string; scope: MemoryScopeLevel; scopeId: string }): MemoryScope {
  switch (stored.scope) {
    case 'thread':
      return { tenantId: stored.tenantId, threadId: stored.scopeId };
    case 'user':
      return { tenantId: stored.tenantId, userId: stored.scopeId };
    case 'agent':
      return { tenantId: stored.tenantId, agentId: stored.scopeId };
    case 'project':
      return { tenantId: stored.tenantId };
  }
}
