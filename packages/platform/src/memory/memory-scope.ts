import type { DatabaseEnums } from '@agentloom/db';
import type { MemoryScope } from '@agentloom/runtime';

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

/**
 * The levels a search sees, as `level:id` keys: the tenant-wide level always, and each level the
 * query scope names. A search from a thread of agent A for end user U sees U's, A's, the thread's
 * and tenant-wide items — never another agent's, user's or thread's.
 */
export function visibleLevelKeys(scope: MemoryScope): string[] {
  const keys = [`project:${scope.tenantId}`];
  if (scope.agentId) keys.push(`agent:${scope.agentId}`);
  if (scope.userId) keys.push(`user:${scope.userId}`);
  if (scope.threadId) keys.push(`thread:${scope.threadId}`);
  return keys;
}

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
