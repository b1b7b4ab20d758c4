import type { MemoryScope } from '@agentloom/runtime';

import type { EpisodeSource } from '../episodes/episode-source';
import { storedScopeOf, type MemoryScopeLevel } from '../memory-scope';

/**
 * Where one run's extraction may write (ADR 0024, amendment "an extraction changes only its own
 * level"): its facts go to the run's end-user level (else the agent's), and it may change only the
 * items it could have written itself — at that level or in the run's own thread — that nobody
 * pinned. A project- or agent-level item seen by an end user's run is shared with every other end
 * user; a pinned item was curated by hand. Neither is one conversation's to rewrite or retire.
 */
export interface ExtractionLevels {
  /** Where an ADD goes: the end user's level, else the agent's. */
  factScope: MemoryScope;
  /** The `level:id` keys of the items the run may UPDATE or DELETE (when not pinned). */
  changeable: ReadonlySet<string>;
}

export function extractionLevelsOf(source: Pick<EpisodeSource, 'tenantId' | 'agentId' | 'threadId' | 'endUserId'>): ExtractionLevels {
  const factScope: MemoryScope = { tenantId: source.tenantId, agentId: source.agentId, ...(source.endUserId ? { userId: source.endUserId } : {}) };
  const fact = storedScopeOf(factScope);
  const changeable = new Set([`${fact.scope}:${fact.scopeId}`]);
  if (source.threadId) changeable.add(`thread:${source.threadId}`);
  return { factScope, changeable };
}

/** Null when the run may UPDATE or DELETE the item; otherwise why not (recorded with the decision). */
export function whyNotChangeable(levels: ExtractionLevels, item: { scope: MemoryScopeLevel; scopeId: string; pinned: boolean }): string | null {
  if (item.pinned) return 'the memory is pinned';
  if (!levels.changeable.has(`${item.scope}:${item.scopeId}`)) return `the memory is shared at the ${item.scope} level`;
  return null;
}
