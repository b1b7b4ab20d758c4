import type { Prisma } from '@agentloom/db';

import type { NewRunEvent } from '../events/run-event';
import { closeLeftoverToolCalls } from './engine/close-leftover-tool-calls';

/**
 * Closes what a run ending `cancelled` leaves open, in the transaction that ends it, whichever path
 * ends it (a cancel of a waiting run, the cancel fence of a step, recovery, a draining executor):
 * pending approvals expire with the calls awaiting them (nobody will act on them now), then the
 * at-finish sweep closes calls still `running` — and unknown outcomes whose question was just
 * withdrawn — as `abandoned`, and calls approved that never started as `expired` (their approval stays
 * `approved`, the record of the decision). Returns the events to append before `run-finished`.
 */
export async function closeCancelledRunCalls(
  transaction: Prisma.TransactionClient,
  run: { id: string; tenantId: string },
  /** The attempt that ends the run; null when no executor is involved. */
  attempt: number | null,
): Promise<NewRunEvent[]> {
  const now = new Date();
  await transaction.approval.updateMany({
    where: { runId: run.id, status: 'pending' },
    data: { status: 'expired', decisionReason: 'run cancelled', decidedAt: now },
  });
  await transaction.toolCall.updateMany({ where: { runId: run.id, status: 'awaiting_approval' }, data: { status: 'expired' } });
  return closeLeftoverToolCalls(transaction, run, attempt, 'cancelled');
}
