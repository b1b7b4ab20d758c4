import { setTimeout as sleep } from 'node:timers/promises';

import type { Platform, Principal } from '@agentloom/platform';

export interface OperatorTally {
  /** "It completed": the ledger has the call's row. */
  approved: number;
  /** "Treat it as failed": the ledger has no row for the call. */
  rejected: number;
  /** Queries that failed (e.g. while the database restarted) and were retried. */
  retries: number;
}

/**
 * Plays the operator for "outcome unknown" approvals: a worker died while an unsafe ledger_append
 * ran, so nobody knows whether it happened. The ledger itself tells: approve when it has a row with
 * the call's idempotency key, reject otherwise. Runs until `stop()`.
 */
export function startOperator(platform: Platform, principal: Principal): { stop(): Promise<OperatorTally> } {
  const tally: OperatorTally = { approved: 0, rejected: 0, retries: 0 };
  const controller = new AbortController();
  const { prisma } = platform.database;

  const decidePending = async () => {
    const pending = await prisma.approval.findMany({
      where: { tenantId: principal.tenantId, status: 'pending', requestReason: { startsWith: 'outcome unknown' } },
      select: { id: true, toolCall: { select: { idempotencyKey: true } } },
    });
    for (const approval of pending) {
      const rows = await prisma.$queryRawUnsafe<{ count: number }[]>(
        'SELECT count(*)::int AS count FROM soak_ledger WHERE idempotency_key = $1',
        approval.toolCall.idempotencyKey,
      );
      if ((rows[0]?.count ?? 0) > 0) {
        await platform.approvals.decide(principal, { approvalId: approval.id, decision: 'approve' });
        tally.approved += 1;
      } else {
        await platform.approvals.decide(principal, { approvalId: approval.id, decision: 'reject', reason: 'The ledger has no row for this call: it never ran' });
        tally.rejected += 1;
      }
    }
  };

  const loop = (async () => {
    while (!controller.signal.aborted) {
      try {
        await decidePending();
      } catch {
        tally.retries += 1;
      }
      await sleep(200, undefined, { signal: controller.signal }).catch(() => undefined);
    }
  })();

  return {
    stop: async () => {
      controller.abort();
      await loop;
      return tally;
    },
  };
}
