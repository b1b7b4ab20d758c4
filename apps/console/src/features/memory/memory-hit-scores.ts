/** A memory a message carried and the score it had (null when no injection record is left). */
import type { ScoreParts } from './score-parts';

export interface MessageMemoryHit {
  memoryItemId: string;
  score: number | null;
  /** The score's parts, when the injection recorded them. */
  scoreParts: ScoreParts | null;
}

interface RecordedHit {
  memoryItemId: string;
  stepId: string | null;
  score: number;
  scoreParts?: ScoreParts | null;
}

/**
 * Scores for one message's memory ids. The injection recorded in the message's own step is the
 * one that put it there; an id also used in other steps of the run falls back to the first use.
 * A forgotten item keeps its id on the message but loses its injection rows (score unknown).
 */
export function memoryHitsOf(message: { stepId: string | null; memoryItemIds: readonly string[] }, recorded: readonly RecordedHit[]): MessageMemoryHit[] {
  return message.memoryItemIds.map((memoryItemId) => {
    const uses = recorded.filter((hit) => hit.memoryItemId === memoryItemId);
    const own = uses.find((hit) => hit.stepId !== null && hit.stepId === message.stepId) ?? uses[0];
    return { memoryItemId, score: own?.score ?? null, scoreParts: own?.scoreParts ?? null };
  });
}

/** The distinct memory ids a page of messages carried, for one lookup of their scores. */
export function carriedMemoryIds(messages: readonly { memoryItemIds: readonly string[] }[]): string[] {
  return [...new Set(messages.flatMap((message) => message.memoryItemIds))].sort();
}
