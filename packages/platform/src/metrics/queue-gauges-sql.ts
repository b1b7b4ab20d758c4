import type { Database } from '@agentloom/db';

/** The queue and the approval backlog, as one statement that reads only partial indexes. */
export interface QueueSnapshot {
  queued: number;
  oldestQueuedSeconds: number;
  running: number;
  pendingApprovals: number;
  oldestPendingApprovalSeconds: number;
}

/**
 * Every predicate matches a partial index (`runs_queued_idx`, `runs_running_lease_expires_at_idx`,
 * ADR 0039; `approvals_pending_created_at_idx`, ADR 0046), so the cost follows the size of the
 * queue and of the backlog, never the number of runs or approvals ever made.
 */
export async function readQueueSnapshot(database: Database): Promise<QueueSnapshot> {
  const [row] = await database.sql.query<{ queued: string; oldest_queued: number | null; running: string; pending: string; oldest_pending: number | null }>(
    `SELECT (SELECT count(*) FROM runs WHERE status = 'queued')::text AS queued,
            (SELECT extract(epoch FROM now() - min(queued_at))::double precision FROM runs WHERE status = 'queued') AS oldest_queued,
            (SELECT count(*) FROM runs WHERE status = 'running')::text AS running,
            (SELECT count(*) FROM approvals WHERE status = 'pending')::text AS pending,
            (SELECT extract(epoch FROM now() - min(created_at))::double precision FROM approvals WHERE status = 'pending') AS oldest_pending`,
  );
  return {
    queued: Number(row?.queued ?? 0),
    oldestQueuedSeconds: Math.max(0, row?.oldest_queued ?? 0),
    running: Number(row?.running ?? 0),
    pendingApprovals: Number(row?.pending ?? 0),
    oldestPendingApprovalSeconds: Math.max(0, row?.oldest_pending ?? 0),
  };
}
