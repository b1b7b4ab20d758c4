import type { StepResult } from '@agentloom/runtime';

import { hasMemoryUseToRecord } from '../../memory/record-memory-use';
import type { CommitStepDocument } from './step-commit-sql';

/**
 * Which of a step's commits may skip the general path's transaction. Both answers send the step to
 * `agentloom_commit_step`, one statement, which writes the step's own rows, usage and events and nothing
 * else; everything that statement does not write (an operator's question about a call of unknown outcome,
 * a thread's history sources, the memory a step used, a replay's scoring) keeps the step on the general path.
 */

/** What of `PersistStepOptions` the routing reads (its own type: `persist-step.ts` imports this module). */
export interface StepCommitRouteOptions {
  outcomeUnknownCallIds?: readonly string[];
  historySources?: readonly (readonly string[])[];
  writesEpisode?: boolean;
  withoutLedger?: boolean;
  /** Only whether it is set: a replay's scoring, which runs in the transaction that ends the run. */
  atFinish?: unknown;
}

/** The run goes on and the step writes nothing but its own rows, usage and events: one statement (ADR 0016). */
export function isOrdinaryStep(result: StepResult, options: StepCommitRouteOptions): boolean {
  return result.next.type === 'run-again' && writesOnlyItsOwnRows(result, options);
}

/**
 * The step ends the run with its output and writes nothing but its own rows, usage, events and the run's
 * end: the same statement as an ordinary step, with `finish` (ADR 0101). Not for a replay's end, whose
 * scoring (`atFinish`) runs in the transaction that ends the run.
 */
export function plainFinishOf(result: StepResult, options: StepCommitRouteOptions): CommitStepDocument['finish'] {
  if (result.next.type !== 'final-output' || options.atFinish || !writesOnlyItsOwnRows(result, options)) return undefined;
  return { output: result.next.output, episode: options.writesEpisode !== false, closeLeftovers: options.withoutLedger !== true };
}

function writesOnlyItsOwnRows(result: StepResult, options: StepCommitRouteOptions): boolean {
  return (options.outcomeUnknownCallIds ?? []).length === 0 && options.historySources === undefined && !hasMemoryUseToRecord(result);
}
