import { compareHits, fuseScore, withinWindow, type FusionSettings, type MemoryHit, type TimeWindow } from '@agentloom/runtime';

import type { Candidate, CandidateLists } from './memory-candidates';
import { toMemoryItem } from './memory-item-view';

export interface FusionContext {
  now: Date;
  window: TimeWindow | null;
  settings: FusionSettings;
  /** Whether a vector list was searched (else similarity is null: lexical-only, visibly). */
  vectorSearched: boolean;
  /** Whether a lexical list was searched (else lexical is null). */
  lexicalSearched: boolean;
  /** Names the query uses that no visible memory holds (scales every hit's relevance down). */
  unknownNames: readonly string[];
  /** Query similarity of each candidate thread's mean vector (thread context, ADR 0065); empty: none. */
  threadSimilarities?: ReadonlyMap<string, number>;
}

/**
 * Every candidate of either list once, scored from its absolute parts (runtime fuseScore): an item
 * a list did not return scores 0 there (below the vector cut, or holding no query lexeme), unless
 * its similarity was looked up. An item of a thread also carries its thread's similarity (thread
 * context). Highest score first; ties newest first.
 */
export function fuseCandidates(lists: CandidateLists, context: FusionContext): MemoryHit[] {
  const rows = new Map<string, Candidate>();
  const lexical = new Map<string, number>();
  const similarity = new Map<string, number>(lists.similarities);
  for (const candidate of lists.lexical) {
    rows.set(candidate.id, candidate);
    lexical.set(candidate.id, Number(candidate.lexical));
  }
  for (const candidate of lists.vector) {
    rows.set(candidate.id, candidate);
    similarity.set(candidate.id, Number(candidate.similarity));
  }
  const scored = [...rows.values()].map((row) => {
    const occurredAt = new Date(row.occurredAt ?? row.createdAt);
    const { score, parts } = fuseScore(
      {
        similarity: context.vectorSearched ? (similarity.get(row.id) ?? 0) : null,
        lexical: context.lexicalSearched ? (lexical.get(row.id) ?? 0) : null,
        pinned: row.pinned,
        occurredAt,
        inWindow: context.window ? withinWindow(context.window, occurredAt) : null,
        unknownNames: context.unknownNames,
        threadSimilarity: context.vectorSearched && row.threadId !== null ? (context.threadSimilarities?.get(row.threadId) ?? null) : null,
      },
      context.now,
      context.settings,
    );
    const item = toMemoryItem({ ...row, createdAt: new Date(row.createdAt), occurredAt: row.occurredAt ? new Date(row.occurredAt) : null });
    return { id: row.id, occurredAt, score, hit: { item, score, parts } };
  });
  return scored.sort(compareHits).map(({ hit }) => hit);
}
