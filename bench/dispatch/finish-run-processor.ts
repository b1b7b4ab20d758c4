import type { Database } from '@agentloom/db';

import { appendRunEvents, type RunProcessor } from './agentloom-internals';

/**
 * A no-op run: commits what a real run that does nothing would commit when it ends — status
 * `succeeded`, lease cleared, a `run-finished` event — in one transaction fenced by the lease, so a
 * run another executor took over is left alone.
 */
export function finishRunProcessor(database: Database, onRunStarted: (runId: string) => void): RunProcessor {
  return {
    async process(run, owner) {
      onRunStarted(run.id);
      await database.prisma.$transaction(async (transaction) => {
        const finished = await transaction.$executeRawUnsafe(
          `UPDATE runs SET status = 'succeeded', lease_owner = NULL, lease_expires_at = NULL, finished_at = now(), updated_at = now()
            WHERE id = $1::uuid AND lease_owner = $2 AND status = 'running'`,
          run.id,
          owner,
        );
        if (finished === 0) return;
        await appendRunEvents(transaction, run, [{ type: 'run-finished', payload: { status: 'succeeded' } }]);
      });
    },
  };
}
