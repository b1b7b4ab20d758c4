/**
 * Budgets for one execution (reset when a run resumes). Auxiliary model calls (compaction,
 * verification, summary) count against `maxModelCalls` like action calls.
 */
export interface ExecutionLimits {
  /** Positive integer; default 96. */
  maxModelCalls: number;
  /** Positive integer; number of loop steps; default 64. */
  maxIterations: number;
}

export const defaultExecutionLimits: Readonly<ExecutionLimits> = Object.freeze({ maxModelCalls: 96, maxIterations: 64 });
