import type { Prisma } from '@agentloom/db';

import { approvalKind } from '../../approvals/approval-kind';
import type { NewRunEvent } from '../../events/run-event';
import { askAboutOutcome } from './ask-about-outcome';

/** `running` calls a finished run closes (the same status the cancel path gives a tool it stops waiting for). */
export const abandonedToolCallStatus = 'abandoned';

/**
 * An `approved` call a finished run closes: it never started and now never will — the status a cancel gives a
 * call still awaiting its approval. Its outcome is known (it did not run), unlike an `abandoned` call's.
 */
export const unstartedToolCallStatus = 'expired';

/**
 * When a run ends — succeeded, failed or cancelled, by any path — nothing of its tool-call ledger may
 * stay open without someone asked about it: a call still `running` will never be finished by anyone,
 * so it is closed as `abandoned` (its outcome unknown, said so in the row and the log); a call whose
 * outcome is `outcome_unknown` and that no operator was asked about gets the operator question (an
 * approval: approve = it completed, reject = it did not), which records the truth in the ledger even
 * though the run will not resume; one whose question was withdrawn (expired by a cancel) is closed as
 * `abandoned` too. A call `approved` that never started (the run ended before it resumed to run it) is
 * closed as `expired`, with the reason: the ledger must not keep saying it is about to run. Its approval
 * stays `approved`: that is the record of the decision. The run's open durable waits end with it. Runs
 * inside the transaction that ends the run.
 */
export async function closeLeftoverToolCalls(
  transaction: Prisma.TransactionClient,
  run: { id: string; tenantId: string },
  /** The attempt that ends the run; null when no executor is involved (a waiting run cancelled by a user). */
  attempt: number | null,
  runStatus: string,
): Promise<NewRunEvent[]> {
  // A durable wait ends with its run: a later event for its key is refused (409), and the key is free
  // for another run (a retry, say). A step can register a wait beside a call the cancel stops.
  await transaction.runWait.updateMany({ where: { runId: run.id, status: { in: ['pending', 'delivered'] } }, data: { status: 'cancelled' } });
  const leftovers = await transaction.toolCall.findMany({
    where: { runId: run.id, status: { in: ['running', 'outcome_unknown', 'approved'] } },
    select: {
      id: true,
      callId: true,
      name: true,
      status: true,
      arguments: true,
      statusHistory: true,
      approval: { select: { status: true, requestReason: true } },
    },
    orderBy: { createdAt: 'asc' },
  });
  const events: NewRunEvent[] = [];
  const now = new Date();
  const close = (
    call: (typeof leftovers)[number],
    status: typeof abandonedToolCallStatus | typeof unstartedToolCallStatus,
    errorKind: string,
    reason: string,
  ) => {
    const history = [
      ...(Array.isArray(call.statusHistory) ? call.statusHistory : []),
      { status, at: now.toISOString(), ...(attempt === null ? {} : { attempt }), reason },
    ];
    return transaction.toolCall.update({ where: { id: call.id }, data: { status, errorKind, errorMessage: reason, finishedAt: now, statusHistory: history } });
  };
  for (const call of leftovers) {
    if (call.status === 'approved') {
      await close(call, unstartedToolCallStatus, 'run-ended', `${call.name} was approved, but the run ended (${runStatus}) before it ran; it never ran`);
      continue;
    }
    // A gated call has an approval row from before it ran: that was the gate, not a question about its outcome.
    const asked = call.approval !== null && approvalKind(call.approval.requestReason) === 'outcome-question';
    if (call.status === 'outcome_unknown' && asked && call.approval?.status === 'pending') continue;
    if (call.status === 'outcome_unknown' && !asked) {
      events.push(
        await askAboutOutcome(
          transaction,
          run,
          call,
          `${call.name} was running when its executor stopped and the run ended (${runStatus}); approve if it completed, reject if it did not`,
        ),
      );
      continue;
    }
    // Still running, or of unknown outcome with its operator question withdrawn (expired by a cancel).
    const reason =
      call.status === 'running'
        ? `${call.name} was still running when the run ended (${runStatus}); whether it took effect is unknown`
        : `${call.name}'s outcome is unknown and the run ended (${runStatus}) before an operator decided`;
    await close(call, abandonedToolCallStatus, 'abandoned', reason);
    events.push({ type: 'tool-call-abandoned', payload: { callId: call.callId, toolName: call.name, reason } });
  }
  return events;
}
