import type { MemoryScope } from '@agentloom/runtime';

import type { StoreMemoryInput } from '../store-memory-item';
import type { EpisodeSource } from './episode-source';

/**
 * Conversations as memory (ADR 0025): the run's turn — what the user said and, when the run
 * succeeded, what the agent answered — as one memory at the thread level or the end user's level,
 * so a later thread of the same user can recall it. The item carries the turn's time as
 * `occurredAt`, the thread (`thread_id`, even at user level) and the run (`source_run_id`), so
 * erasing the run or the thread erases it. Keyed per run: a sweep repeated after a crash
 * supersedes its own earlier copy. Runs outside a thread are not conversations: null.
 */
export function conversationTurnItem(source: EpisodeSource, level: 'thread' | 'user'): StoreMemoryInput | null {
  if (!source.threadId || source.task.trim() === '') return null;
  const scope: MemoryScope =
    level === 'user' && source.endUserId
      ? { tenantId: source.tenantId, userId: source.endUserId }
      : { tenantId: source.tenantId, agentId: source.agentId, threadId: source.threadId };
  const content = source.outcome === 'succeeded' ? `User: ${source.task}\nAssistant: ${source.result}` : `User: ${source.task}`;
  return {
    scope,
    kind: 'episode',
    key: `turn:${source.runId}`,
    content,
    metadata: { source: 'conversation', runId: source.runId, threadId: source.threadId },
    sourceRunId: source.runId,
    originThreadId: source.threadId,
    occurredAt: source.createdAt,
  };
}
