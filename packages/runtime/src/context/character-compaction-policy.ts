import type { CompactionPolicy, CompactionResult, ContextInput } from '../contracts/compaction-policy';
import type { JsonObject } from '../contracts/json';
import type { ModelCall } from '../contracts/model-call';
import { chooseCutoff, compactableMessages } from './compaction-cutoff';
import { foldContext } from './fold-context';
import { messageCharacters } from './token-estimate';

export interface CharacterCompactionOptions {
  /** Compact when the visible context exceeds this many characters. Default 60,000. */
  triggerChars?: number;
  /** Keep at least this many characters of the most recent messages. Default 16,000. */
  keepRecentChars?: number;
}

/** Compacts by size in characters: the policy for agent versions published before token budgets existed. */
export class CharacterCompactionPolicy implements CompactionPolicy {
  readonly moduleId = 'character-compaction/v1';
  private readonly triggerChars: number;
  private readonly keepRecentChars: number;

  constructor(options: CharacterCompactionOptions = {}) {
    this.triggerChars = options.triggerChars ?? 60_000;
    this.keepRecentChars = options.keepRecentChars ?? 16_000;
  }

  checkpointConfig(): JsonObject {
    return { triggerChars: this.triggerChars, keepRecentChars: this.keepRecentChars };
  }

  async compact(input: ContextInput, modelCall: ModelCall): Promise<CompactionResult | null> {
    const total = input.messages.reduce((sum, message) => sum + messageCharacters(message), 0);
    if (total < this.triggerChars) return null;
    const candidates = compactableMessages(input);
    const cutoffIndex = chooseCutoff(candidates, this.keepRecentChars, messageCharacters);
    if (cutoffIndex === null) return null;
    return foldContext(input, candidates, cutoffIndex, modelCall);
  }
}
