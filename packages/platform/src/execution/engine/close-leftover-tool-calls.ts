import type { Prisma } from '@agentloom/db';

import type { NewRunEvent } from '../../events/run-event';

/** How an operator's question about a call's outcome starts (`askOperatorAboutUnknownOutcomes` writes the same). */
export const outcomeQuestionPrefix = 'outcome unknown';

/** `running` calls a finished run closes (the same status the cancel path gives a tool it stops waiting for). */
export const abandonedToolCallStatus = 'abandoned';

/**
 * When a run ends — succeeded, failed or cancelled, by any path — nothing of its tool-call ledger may
 * stay open without someone asked about it: a call still `running` will never be finished by anyone,
 * so it is closed as `abandoned` (its outcome unknown, said so in the row and the log); a call whose
 * outcome is `outcome_unknown` and that no operator was asked about gets the operator question (an
 * approval: approve = it completed, reject = it did not), which records the truth in the ledger even
 * though the run will not resume; one whose question was withdrawn (expired by a cancel) is closed as
 * `abandoned` too. The run's open durable waits end with it. Runs inside the transaction that ends the run.
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
    where: { runId: run.id, status: { in: ['running', 'outcome_unknown'] } },
    select: { id: true, callId: true, name: true, status: true, arguments: true, statusHistory: true, approval: { select: { status: true, requestReason: true } } },
    orderBy: { createdAt: 'asc' },
  });
  const events: NewRunEvent[] = [];
  const now = new Date();
  for (const call of leftovers) {
    // A gated call has an approval row from before it ran: that was the gate, not a question about its outcome.
    const asked = call.approval !== null && call.approval.requestReason.startsWith(outcomeQuestionPrefix);
    if (call.status === 'outcome_unknown' && asked && call.approval?.status === 'pending') continue;
    if (call.status === 'outcome_unknown' && !asked) {
      const question = {
        requestReason: `${outcomeQuestionPrefix}: ${call.name} was running when its executor stopped and the run ended (${runStatus}); approve if it completed, reject if it did not`,
        originalArguments: call.arguments as Prisma.InputJsonObject,
        expiresAt: null,
      };
      const approval = await transaction.approval.upsert({
        where: { toolCallId: call.id },
        create: { tenantId: run.tenantId, runId: run.id, toolCallId: call.id, ...question },
        update: { ...question, status: 'pending', decidedAt: null, decidedBy: null, decisionReason: null },
        select: { id: true },
      });
      events.push({ type: 'approval-requested', payload: { approvalId: approval.id, callId: call.callId, toolName: call.name, kind: 'outcome-unknown' } });
      continue;
    }
    // Still running, or of unknown outcome with its operator question withdrawn (expired by a cancel).
    const reason =
      call.status === 'running'
        ? `${call.name} was still running when the run ended (${runStatus}); whether it took effect is unknown`
        : `${call.name}'s outcome is unknown and the run ended (${runStatus}) before an operator decided`;
    const history = [...(Array.isArray(call.statusHistory) ? call.statusHistory : []), { status: abandonedToolCallStatus, at: now.toISOString(), ...(attempt === null ? {} : { attempt }), reason }];
    await transaction.toolCall.update({
      where: { id: call.id },
      data: { status: abandonedToolCallStatus, errorKind: 'abandoned', errorMessage: reason, finishedAt: now, statusHistory: history },
    });
    events.push({ type: 'tool-call-abandoned', payload: { callId: call.callId, toolName: call.name, reason } });
  }
  return events;
}
