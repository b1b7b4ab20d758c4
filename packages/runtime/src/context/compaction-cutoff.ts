import type { ContextInput } from '../contracts/compaction-policy';
import type { Message } from '../contracts/messages';

/** A visible transcript message with its absolute index (synthetic messages excluded). */
export interface IndexedMessage {
  index: number;
  message: Message;
}

/** The transcript messages of the view that a compaction may remove: everything after the pinned system and task messages. */
export function compactableMessages(input: ContextInput): IndexedMessage[] {
  const indexed: IndexedMessage[] = [];
  input.messages.forEach((message, position) => {
    const index = input.messageIndexes[position] ?? -1;
    // Indexes 0 and 1 are the system message and the task; they always stay visible.
    if (index >= 2) indexed.push({ index, message });
  });
  return indexed;
}

/**
 * The earliest index to keep so that the kept tail weighs at least `keepWeight`, moved back to a
 * boundary where no tool result would be separated from the assistant call it answers.
 * Returns null when nothing before the boundary could be removed.
 */
export function chooseCutoff(candidates: readonly IndexedMessage[], keepWeight: number, weigh: (message: Message) => number): number | null {
  let kept = 0;
  let position = candidates.length;
  while (position > 0 && kept < keepWeight) {
    position -= 1;
    kept += weigh(candidates[position]!.message);
  }
  return safeCutoff(candidates, position);
}

/** Moves `position` back until the message there is not a tool result; null when that leaves nothing to remove. */
export function safeCutoff(candidates: readonly IndexedMessage[], position: number): number | null {
  let safe = position;
  while (safe > 0 && candidates[safe]?.message.role === 'tool') safe -= 1;
  if (safe <= 0) return null;
  return candidates[safe]?.index ?? null;
}

/** Position of the k-th last assistant message, for turn-based cuts. */
export function positionOfRecentTurns(candidates: readonly IndexedMessage[], turns: number): number {
  let seen = 0;
  for (let position = candidates.length - 1; position >= 0; position -= 1) {
    if (candidates[position]!.message.role === 'assistant') {
      seen += 1;
      if (seen === turns) return position;
    }
  }
  return 0;
}
