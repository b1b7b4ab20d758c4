import type { PrismaClient } from '@agentloom/db';

import type { ClaimedRun } from '../agentloom-internals';

/**
 * Proposed replacement for `claimRuns` (packages/platform/src/execution/run-claims.ts): the same
 * claim, `run-started` events and NOTIFYs, but as ONE statement instead of an interactive
 * transaction with three statements per claimed run. A single statement is atomic on its own, so
 * the BEGIN/COMMIT round trips go too, and claiming 8 runs costs what claiming 1 costs. The event
 * sequence number is allocated by the claiming UPDATE itself (`next_event_seq + 1`), which already
 * holds the row lock appendRunEvents would take.
 */
export async function claimRunsInOneStatement(prisma: PrismaClient, owner: string, limit: number, leaseMs: number): Promise<ClaimedRun[]> {
  const claimed = await prisma.$queryRawUnsafe<
    {
      id: string;
      tenant_id: string;
      agent_version_id: string;
      thread_id: string | null;
      attempt: number;
    }[]
  >(
    `WITH next AS (
       SELECT id FROM runs WHERE status = 'queued' ORDER BY queued_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE runs AS run
          SET status = 'running', lease_owner = $1, lease_expires_at = now() + make_interval(secs => $3::double precision / 1000),
              heartbeat_at = now(), attempt = GREATEST(run.attempt, 1), started_at = COALESCE(run.started_at, now()), updated_at = now(),
              next_event_seq = run.next_event_seq + 1
         FROM next
        WHERE run.id = next.id
    RETURNING run.id, run.tenant_id, run.agent_version_id, run.thread_id, run.attempt, run.next_event_seq - 1 AS seq
     ), started AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT tenant_id, id, seq, 'run-started', jsonb_build_object('attempt', attempt, 'executor', $1::text), now() FROM claimed
     )
     SELECT id, tenant_id, agent_version_id, thread_id, attempt, pg_notify('agentloom_run_events', id || ':' || seq)::text AS notified
       FROM claimed`,
    owner,
    limit,
    leaseMs,
  );
  return claimed.map((run) => ({
    id: run.id,
    tenantId: run.tenant_id,
    agentVersionId: run.agent_version_id,
    threadId: run.thread_id,
    attempt: run.attempt,
  }));
}
