import type { Message } from './messages';
import type { ModelCall } from './model-call';
import type { RuntimeModule } from './module';
import type { Plan } from './plan';

/** What a compaction policy sees: a working copy of the visible context, never the engine's own state. */
export interface ContextInput {
  instanceId: string;
  task: string;
  plan: Plan | null;
  /** The visible view: system message first, then an optional summary message, then recent messages. */
  messages: readonly Message[];
  /** Absolute transcript index of each visible message; -1 for synthetic ones (the summary). */
  messageIndexes: readonly number[];
  /** Model turns since the last compaction (the baseline survives resume). */
  turnsSinceCompaction: number;
  /** Summary currently standing in for older messages, if any. */
  summary: string | null;
}

/**
 * The outcome of a compaction: messages before `cutoffIndex` (absolute transcript index) are replaced
 * by `summary`. The engine checks that the cut keeps the system message and every tool call paired
 * with its result before the context manager applies it.
 */
export interface CompactionResult {
  cutoffIndex: number;
  summary: string;
  tokensBefore: number;
  tokensAfter: number;
}

/**
 * Decides when and how the visible context shrinks.
 * Contract: return null when no compaction is needed; never mutate `input`; call the model only through `modelCall`.
 */
export interface CompactionPolicy extends RuntimeModule {
  compact(input: ContextInput, modelCall: ModelCall): Promise<CompactionResult | null>;
}
