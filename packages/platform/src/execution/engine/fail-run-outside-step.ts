import type { Database } from '@agentloom/db';

import { appendRunEvents } from '../../events/append-run-events';
import type { Logger } from '../../logging/logger';
import { closeCancelledRunCalls } from '../close-cancelled-run-calls';
import { fenceRun } from '../fence-run';
import { LeaseLostError } from '../lease-lost-error';
import type { ClaimedRun } from '../run-claims';
import { closeLeftoverToolCalls } from './close-leftover-tool-calls';
import { storedFailureMessage } from './failure-message';

/**
 * Ends a run whose processing failed outside a committed step (bad config, model misconfiguration,
 * an error the step could not commit). Cancel wins: a run whose cancel has committed ends `cancelled`.
 * Returns the status it ended with, or undefined when this executor no longer held the lease (the run
 * belongs to another attempt, which decides its end).
 */
export async function failRunOutsideStep(
  database: Database,
  logger: Logger,
  run: ClaimedRun,
  owner: string,
  errorKind: string,
  error: unknown,
): Promise<string | undefined> {
  const message = storedFailureMessage(errorKind, error, run);
  const logged = error instanceof Error ? error.message : String(error);
  return database.prisma
    .$transaction(async (transaction) => {
      const { cancelRequested } = await fenceRun(transaction, run, owner);
      const status = cancelRequested ? 'cancelled' : 'failed';
      logger.warn(`Run ${run.id} ${status} (attempt ${run.attempt}): ${logged}`);
      const now = new Date();
      await transaction.run.update({
        where: { id: run.id },
        data: { status, errorKind, errorMessage: message, finishedAt: now, leaseOwner: null, leaseExpiresAt: null },
      });
      const closing = cancelRequested
        ? await closeCancelledRunCalls(transaction, run, run.attempt)
        : await closeLeftoverToolCalls(transaction, run, run.attempt, status);
      await appendRunEvents(transaction, run, [...closing, { type: 'run-finished', payload: { status, errorKind, message } }]);
      return status;
    })
    .catch((fenceError: unknown) => {
      if (!(fenceError instanceof LeaseLostError)) throw fenceError;
      return undefined;
    });
}
