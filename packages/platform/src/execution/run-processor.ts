import type { ClaimedRun } from './run-claims';

/** Signals a processor receives for one claimed run. */
export interface RunProcessingSignals {
  /** Aborted on cancel (or lost lease): stop the in-flight model/tool call now. */
  abort: AbortSignal;
  /** Aborted when the executor drains: finish the current step, persist it, then return. */
  drain: AbortSignal;
}

/**
 * Does the work of one claimed run until it pauses, ends, or is told to stop. Every write it makes
 * must check that this executor still holds the lease (fencing), so a zombie cannot commit.
 */
export interface RunProcessor {
  process(run: ClaimedRun, owner: string, signals: RunProcessingSignals): Promise<void>;
}
