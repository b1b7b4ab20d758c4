import type { CompactionResult } from './compaction-policy';
import type { JsonObject } from './json';
import type { Message, UserMessage } from './messages';
import type { RuntimeModule } from './module';

/** The view handed to the model for one call. */
export interface PreparedContext {
  messages: Message[];
  /** Absolute transcript index per visible message; -1 for synthetic messages (summary). */
  messageIndexes: number[];
  turnsSinceCompaction: number;
  summary: string | null;
}

/** Arguments of `ContextManager.create`: the run's first messages. */
export interface ContextSeed {
  systemPrompt: string;
  task: string;
  /**
   * Earlier turns of the conversation (user and assistant messages of previous runs on a thread),
   * oldest first. They follow the task in the transcript (indexes 2 …) so the system message and
   * the task keep indexes 0 and 1, but the view shows them before the task, where a model expects
   * earlier turns. They are compactable like any other message.
   */
  history?: readonly Message[];
}

/**
 * Owns the run's transcript journal and the visible view derived from it (system message, summary
 * snapshot, recent messages). The transcript itself is persisted by the host as messages; this
 * module's `snapshot()` holds only pointers, counters and the summary.
 */
export interface ContextManager extends RuntimeModule {
  /** Starts a fresh journal and returns the messages it begins with (system, task, then any history) to persist. */
  create(seed: ContextSeed): Message[];
  /**
   * Rebuilds the journal from a snapshot and the full persisted transcript.
   * Throws `ResumeMismatchError` when the transcript length differs from the snapshot's pointer.
   */
  restore(snapshot: JsonObject, transcript: readonly Message[]): void;
  /** Appends accepted messages to the transcript (the default journal freezes them); returns the absolute index of the first one. */
  append(messages: readonly Message[]): number;
  /** Queues input that arrives between steps (user follow-ups, engine feedback). */
  queueInput(message: UserMessage): void;
  /** Removes and returns queued input; the engine appends it at the start of the next model step. */
  drainInputs(): UserMessage[];
  /** Builds the visible view. Does not change the journal. */
  prepare(): PreparedContext;
  /** Replaces everything before `result.cutoffIndex` in the view with the summary; resets the turn baseline. */
  applyCompaction(result: CompactionResult): void;
  /** Counts one model turn toward the turn-based compaction trigger. */
  recordTurn(): void;
  /** The task text (the first user message). */
  task(): string;
  /** The full transcript, read-only. */
  transcript(): readonly Message[];
  /** Control state for the checkpoint: pointers, counters, summary snapshot, queued input. Never the transcript. */
  snapshot(): JsonObject;
}
