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
      await finishRun(database.prisma, run, owner, { status: 'succeeded' });
    },
  };
}
