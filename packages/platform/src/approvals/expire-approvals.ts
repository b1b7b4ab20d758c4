import type { PrismaClient } from '@agentloom/db';

import { appendRunEvents } from '../events/append-run-events';
import { requeueWhenNoneLeft } from './approval-service';

/**
 * Expires pending approvals past their deadline: the call is rejected with reason `expired` (the
 * model reads that as the tool result) and the run resumes. Runs in every executor's sweep. The
 * run's row is locked with the approval's, skipping any held: a cancel holds the run, then takes its
 * approvals, so waiting for the run while holding the approval could deadlock with it.
 */
export async function expireApprovals(prisma: PrismaClient, limit = 100): Promise<number> {
  return prisma.$transaction(async (transaction) => {
    const expired = await transaction.$queryRawUnsafe<{ id: string; run_id: string; tenant_id: string; tool_call_id: string }[]>(
      `UPDATE approvals SET status = 'expired', decision_reason = 'expired', decided_at = now()
        WHERE id IN (SELECT approval.id FROM approvals AS approval JOIN runs AS run ON run.id = approval.run_id
                      WHERE approval.status = 'pending' AND approval.expires_at < now() LIMIT $1 FOR UPDATE OF run, approval SKIP LOCKED)
    RETURNING id, run_id, tenant_id, tool_call_id`,
      limit,
    );
    for (const approval of expired) {
      const run = { id: approval.run_id, tenantId: approval.tenant_id };
      await transaction.toolCall.update({ where: { id: approval.tool_call_id }, data: { status: 'expired' } });
      await appendRunEvents(transaction, run, [
        {
          type: 'approval-decided',
          payload: { approvalId: approval.id, toolCallId: approval.tool_call_id, decision: 'expired', reason: 'expired', by: 'system' },
        },
      ]);
      await requeueWhenNoneLeft(transaction, run);
    }
    return expired.length;
  });
}
