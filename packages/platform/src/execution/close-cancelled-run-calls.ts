import type { Prisma } from '@agentloom/db';

/** On the ledger rows a cancelled run leaves open; their outcome is unknown and nothing will run or decide them now. */
export const abandonedCallMessage = 'The run was cancelled while this call was open; its outcome is unknown';

/**
 * Closes what a run ending `cancelled` leaves open, in the transaction that ends it: calls still
 * `running` or `outcome_unknown` (from this or a dead attempt) become `failed` with error kind
 * `abandoned`, pending approvals expire, and calls awaiting approval expire with them.
 */
export async function closeCancelledRunCalls(transaction: Prisma.TransactionClient, runIds: readonly string[]): Promise<void> {
  if (runIds.length === 0) return;
  await transaction.$executeRawUnsafe(
    `UPDATE tool_calls SET status = 'failed', error_kind = 'abandoned', error_message = $2, finished_at = now(),
            status_history = status_history || jsonb_build_array(jsonb_build_object('status', 'failed', 'at', now(), 'reason', 'abandoned'))
      WHERE run_id = ANY($1::uuid[]) AND status IN ('running', 'outcome_unknown')`,
    runIds,
    abandonedCallMessage,
  );
  const now = new Date();
  await transaction.approval.updateMany({ where: { runId: { in: [...runIds] }, status: 'pending' }, data: { status: 'expired', decisionReason: 'run cancelled', decidedAt: now } });
  await transaction.toolCall.updateMany({ where: { runId: { in: [...runIds] }, status: 'awaiting_approval' }, data: { status: 'expired' } });
}
