import type { MemoryScope } from '../contracts/stores';

/**
 * The level key (`level:id`) an item is stored at: the most specific level its scope names — thread,
 * else end user, else agent, else the whole tenant ("project"). A thread is the most private place
 * (one conversation, maybe one end user), so an item written from a thread stays in it unless it is
 * written at a wider scope. Every MemoryPort stores and finds by these keys, so the reference port
 * and the Postgres one show a search the same items.
 */
export function memoryLevelKeyOf(scope: MemoryScope): string {
  if (scope.threadId) return `thread:${scope.threadId}`;
  if (scope.userId) return `user:${scope.userId}`;
  if (scope.agentId) return `agent:${scope.agentId}`;
  return `project:${scope.tenantId}`;
}

/**
 * The levels a search sees, as `level:id` keys: the tenant-wide level always, and each level the
 * query scope names. A search from a thread of agent A for end user U sees U's, A's, the thread's
 * and tenant-wide items — never another agent's, user's or thread's; naming fewer levels sees fewer.
 */
export function visibleMemoryLevelKeys(scope: MemoryScope): string[] {
  const keys = [`project:${scope.tenantId}`];
  if (scope.agentId) keys.push(`agent:${scope.agentId}`);
  if (scope.userId) keys.push(`user:${scope.userId}`);
  if (scope.threadId) keys.push(`thread:${scope.threadId}`);
  return keys;
}
