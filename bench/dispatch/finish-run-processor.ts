import type { Database } from '@agentloom/db';

import { finishRun, type RunProcessor } from './agentloom-internals';

/**
 * A no-op run: commits what a real run that does nothing commits when it ends — status
 * `succeeded`, lease cleared, a `run-finished` event — through the platform's one-statement
 * `finishRun`, fenced by the lease, so a run another executor took over is left alone.
 */
export function finishRunProcessor(database: Database, onRunStarted: (runId: string) => void): RunProcessor {
  return {
    async process(run, owner) {
      onRunStarted(run.id);
      // Nothing else touches these runs: a fence that fails means a run was lost or taken twice.
      if (!(await finishRun(database.statements, run, owner, { status: 'succeeded' }))) throw new Error(`Run ${run.id} could not be finished: lease lost`);
    },
  };
}
