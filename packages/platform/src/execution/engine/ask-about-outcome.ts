import { Prisma } from '@agentloom/db';
import { v7 as uuidv7 } from 'uuid';

import { approvalKind, outcomeQuestionPrefix } from '../../approvals/approval-kind';
import type { NewRunEvent } from '../../events/run-event';

/**
 * Asks an operator whether a call of unknown outcome completed (approve = it completed, reject = it did
 * not), as an approval of the call that never expires: an expiry would answer it "did not complete" unasked.
 *
 * The question has an id of its own (ADR 0105). A call has one approval row, and a gated call's row already
 * holds its gate, decided before the call ran; the row becomes the question under a NEW id, remembering the
 * gate's id in `replacesApprovalId`. Reset under the gate's id, a repeated delivery of the gate's decision
 * (a client's retry, a stale bulk approve) would find it pending and answer "it completed" without anyone
 * being asked. Only a question already pending about this outcome is asked again in place: nobody has
 * answered it, so there is no earlier decision that could land on it.
 *
 * It shows the call that ran: a gate approved with edited arguments ran with those, so the question carries
 * them as `editedArguments` beside the model's `originalArguments` (read from the ledger row), and the answer
 * keeps them (`ApprovalService.decide` refuses to edit a question: the call already ran).
 */
export async function askAboutOutcome(
  transaction: Prisma.TransactionClient,
  run: { id: string; tenantId: string },
  /** The ledger row: `arguments` as the model proposed them (an approver's edit is read from the row). */
  call: { id: string; callId: string; name: string; arguments: Prisma.JsonValue },
  /** Why the operator is asked, after `outcomeQuestionPrefix: ` (what makes `approvalKind` read it as a question). */
  why: string,
): Promise<NewRunEvent> {
  const ledger = await transaction.toolCall.findUniqueOrThrow({
    where: { id: call.id },
    select: { editedArguments: true, approval: { select: { id: true, status: true, requestReason: true } } },
  });
  // The operator judges the call that ran: with an approver's edit, that is the edit, not the model's proposal.
  // As for a gate, `originalArguments` is what the model asked and `editedArguments` what ran instead; both are
  // set from the ledger here rather than left to whatever the gate's row held, and a decision keeps them.
  const question = {
    requestReason: `${outcomeQuestionPrefix}: ${why}`,
    originalArguments: call.arguments as Prisma.InputJsonObject,
    editedArguments: ledger.editedArguments === null ? Prisma.DbNull : (ledger.editedArguments as Prisma.InputJsonObject),
    expiresAt: null,
  };
  const existing = ledger.approval;
  const approval = !existing
    ? await transaction.approval.create({ data: { tenantId: run.tenantId, runId: run.id, toolCallId: call.id, ...question }, select: { id: true } })
    : existing.status === 'pending' && approvalKind(existing.requestReason) === 'outcome-question'
      ? await transaction.approval.update({ where: { id: existing.id }, data: question, select: { id: true } })
      : await transaction.approval.update({
          where: { id: existing.id },
          data: {
            ...question,
            id: uuidv7(),
            replacesApprovalId: existing.id,
            status: 'pending',
            decidedAt: null,
            decidedBy: null,
            decisionReason: null,
            // Asked now: the inbox orders and ages requests by it.
            createdAt: new Date(),
          },
          select: { id: true },
        });
  return { type: 'approval-requested', payload: { approvalId: approval.id, callId: call.callId, toolName: call.name, kind: 'outcome-unknown' } };
}
