import type { PrismaClient } from '@agentloom/db';

/** Run counts by status for one agent. */
export async function runStatusCounts(prisma: PrismaClient, agentId: string): Promise<Record<string, number>> {
  const groups = await prisma.run.groupBy({ by: ['status'], where: { agentId }, _count: { _all: true } });
  return Object.fromEntries(groups.map((group) => [group.status, group._count._all]));
}

/** Idempotency keys with more than one ledger row: an unsafe call that executed twice. */
export async function duplicatedUnsafeExecutions(prisma: PrismaClient): Promise<{ idempotency_key: string; rows: number }[]> {
  return prisma.$queryRawUnsafe(
    'SELECT idempotency_key, count(*)::int AS rows FROM soak_ledger GROUP BY idempotency_key HAVING count(*) > 1',
  );
}

/**
 * Unsafe calls whose recorded outcome disagrees with the ledger: `succeeded` must have exactly one
 * row (it ran, or the operator saw its row), `failed` none (the operator found no row), and no call
 * may be left `running` or `outcome_unknown` once its run finished.
 */
export async function ledgerDisagreements(prisma: PrismaClient): Promise<{ idempotency_key: string; status: string; rows: number }[]> {
  return prisma.$queryRawUnsafe(
    `SELECT call.idempotency_key, call.status::text AS status, count(ledger.id)::int AS rows
       FROM tool_calls AS call LEFT JOIN soak_ledger AS ledger ON ledger.idempotency_key = call.idempotency_key
      WHERE call.name = 'ledger_append'
      GROUP BY call.idempotency_key, call.status
     HAVING NOT ((call.status = 'succeeded' AND count(ledger.id) = 1) OR (call.status = 'failed' AND count(ledger.id) = 0))`,
  );
}

/** Idempotent calls: how many there were, how many were re-run after a crash, and any that succeeded without their row. */
export async function idempotentExecutions(prisma: PrismaClient): Promise<{ calls: number; rerun: number; missing: number }> {
  const rows = await prisma.$queryRawUnsafe<{ calls: number; rerun: number; missing: number }[]>(
    `SELECT count(*)::int AS calls,
            count(*) FILTER (WHERE mark.executions > 1)::int AS rerun,
            count(*) FILTER (WHERE call.status = 'succeeded' AND mark.idempotency_key IS NULL)::int AS missing
       FROM tool_calls AS call LEFT JOIN soak_marks AS mark ON mark.idempotency_key = call.idempotency_key
      WHERE call.name = 'ledger_mark'`,
  );
  return rows[0] ?? { calls: 0, rerun: 0, missing: 0 };
}

/** Runs whose event sequence is not exactly 1..n (seq is unique per run, so min 1 and max = count suffice). */
export async function runsWithEventGaps(prisma: PrismaClient, agentId: string): Promise<{ run_id: string; events: number; max_seq: number }[]> {
  return prisma.$queryRawUnsafe(
    `SELECT event.run_id::text AS run_id, count(*)::int AS events, max(event.seq) AS max_seq
       FROM run_events AS event JOIN runs AS run ON run.id = event.run_id
      WHERE run.agent_id = $1::uuid
      GROUP BY event.run_id
     HAVING min(event.seq) <> 1 OR max(event.seq) <> count(*)`,
    agentId,
  );
}

/** For a failure message: how each unfinished or unsuccessful run ended, with its last events. */
export async function describeUnsuccessfulRuns(prisma: PrismaClient, agentId: string): Promise<string[]> {
  const runs = await prisma.run.findMany({
    where: { agentId, status: { not: 'succeeded' } },
    take: 10,
    select: { id: true, status: true, attempt: true, errorKind: true, errorMessage: true, events: { orderBy: { seq: 'desc' }, take: 8, select: { type: true } } },
  });
  return runs.map((run) => `${run.id} ${run.status} attempt ${run.attempt} ${run.errorKind ?? ''} ${run.errorMessage ?? ''} [${run.events.map((event) => event.type).reverse().join(', ')}]`);
}
