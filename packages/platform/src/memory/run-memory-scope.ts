import type { MemoryScope } from '@agentloom/runtime';

/**
 * The memory scope of a run: its tenant and agent, plus the thread and the thread's end user when
 * the run continues a thread. Items the run stores land on the most specific level (the thread);
 * its searches see the tenant-wide, agent, end-user and thread levels.
 */
export function runMemoryScope(tenantId: string, agentId: string, thread: { id: string; endUserId: string | null } | null): MemoryScope {
  return {
    tenantId,
    agentId,
    ...(thread ? { threadId: thread.id } : {}),
    ...(thread?.endUserId ? { userId: thread.endUserId } : {}),
  };
}
