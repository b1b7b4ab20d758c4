import { runEventsChannel } from '../events/run-event';

/**
 * The claim (ADR 0066, 0069). $1 owner, $2 limit, $3 lease ms, $4 tool catalog (jsonb array, or
 * null for any run).
 *
 * Which runs: `agentloom_claimable_runs` (migration 20261204120000_cheaper_claims) enforces tenant,
 * agent and batch caps and wakes due durable waits. It is PL/pgSQL whose statements are planned on
 * every call (≈ 1.5–2 ms of backend CPU per claim, more than the rest of a run's dispatch). When
 * nothing it guards applies — no tenant or agent has a cap, no batch is open, no durable wait is due
 * (`simple`, four index probes without parameters) — it would return the oldest interactive queued
 * runs, and the `fast` branch below picks exactly those with one plain query the prepared statement
 * keeps planned. Exactly one branch runs: each is gated by `simple` (evaluated once, an init plan), so
 * the other is never executed. Same order (queued_at, id), same row locks (FOR UPDATE SKIP LOCKED),
 * same suspended-tenant and tool-catalog filters, same cancel-committed skip. The tenant and version
 * checks are per-row subqueries, not joins, so the only plan choice is the queue index
 * (`runs_queued_unbatched_idx`, already in claim order) against scanning and sorting the queue; as a
 * join, a one-row tenants table made the planner expect one candidate and sort the whole queue.
 * The limit is a subquery so that no plan knows its value: a custom plan (which knew `LIMIT 4`) always
 * looked cheaper than the generic one, so the statement was planned again on every claim (≈ 1 ms);
 * now the generic plan costs the same and is kept after the fifth execution. Both are the index scan.
 * For the same reason the tool-catalog test sits inside the version subquery: outside, a custom plan
 * folded `NULL IS NULL` away and looked cheaper again.
 *
 * `claimCtes` builds the claim's CTEs (`gate`, `next`, `claimed`, `started`) for this statement and
 * for the finish that claims the freed slots' successors (ADR 0074), which passes `guarded: false`:
 * it then claims only through the plain branch, and nothing when something is guarded.
 */
export interface ClaimParameters {
  /** SQL expressions: the lease owner (text), how many runs at most (int), lease ms, tool catalog (jsonb or null). */
  owner: string;
  limit: string;
  leaseMs: string;
  tools: string;
  /** false: never call the guard function; when a cap, open batch or due wait exists, claim nothing. */
  guarded: boolean;
}

export function claimCtes(p: ClaimParameters): string {
  const guardedBranch = p.guarded
    ? `
       UNION ALL
       SELECT guarded.id, guarded.woke, guarded.due_at FROM agentloom_claimable_runs(${p.limit}, ${p.tools}) AS guarded
        WHERE NOT (SELECT simple FROM gate)`
    : '';
  return `gate AS (
       SELECT NOT EXISTS (SELECT 1 FROM tenants AS tenant WHERE tenant.max_running_runs IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM agents AS agent WHERE agent.max_running_runs IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM batches AS batch WHERE batch.cancelled_at IS NULL AND batch.completed_at IS NULL)
          AND NOT EXISTS (SELECT 1 FROM runs AS run WHERE run.status = 'waiting' AND run.wake_at <= now()) AS simple
     ), next AS (
       SELECT fast.id, false AS woke, NULL::timestamptz AS due_at FROM (
         SELECT run.id FROM runs AS run
          WHERE (SELECT simple FROM gate)
            AND run.status = 'queued' AND run.batch_id IS NULL AND run.cancel_requested_at IS NULL
            AND (SELECT tenant.suspended_at IS NULL FROM tenants AS tenant WHERE tenant.id = run.tenant_id)
            AND (SELECT ${p.tools} IS NULL OR COALESCE(version.config -> 'tools', '[]'::jsonb) <@ ${p.tools} FROM agent_versions AS version WHERE version.id = run.agent_version_id)
          ORDER BY run.queued_at, run.id LIMIT (SELECT ${p.limit}) FOR UPDATE OF run SKIP LOCKED
       ) AS fast${guardedBranch}
     ), claimed AS (
       UPDATE runs AS run
          SET status = 'running', lease_owner = ${p.owner}, lease_expires_at = now() + make_interval(secs => ${p.leaseMs} / 1000),
              heartbeat_at = now(), attempt = GREATEST(run.attempt, 1), started_at = COALESCE(run.started_at, now()), updated_at = now(), wake_at = NULL,
              next_event_seq = run.next_event_seq + 1
         FROM next
        WHERE run.id = next.id
    RETURNING run.id, run.tenant_id, run.agent_version_id, run.thread_id, run.attempt, run.next_event_seq - 1 AS seq, run.queued_at, next.woke, next.due_at,
              run.step_count = 0 AND run.fork_of_run_id IS NULL AS fresh, run.in_flight_reply
     ), started AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT tenant_id, id, seq, 'run-started',
              jsonb_build_object('attempt', attempt, 'executor', ${p.owner}) || CASE WHEN woke THEN '{"wokeFromWait": true}'::jsonb ELSE '{}'::jsonb END, now()
         FROM claimed
     )`;
}

/** The claimed runs' output columns (`ClaimedRunRow`) and their `run-started` NOTIFY. */
export const claimedColumnsSql = `claimed.id, claimed.tenant_id, claimed.agent_version_id, claimed.thread_id, claimed.attempt,
            extract(epoch FROM now() - CASE WHEN claimed.woke THEN claimed.due_at ELSE claimed.queued_at END)::double precision AS queued_seconds,
            claimed.fresh, claimed.in_flight_reply,
            CASE WHEN agentloom_run_watched(claimed.id, claimed.tenant_id) THEN pg_notify('${runEventsChannel}', claimed.id || ':' || claimed.seq || ':' || claimed.tenant_id)::text END AS notified`;

export const claimRunsSql = `WITH ${claimCtes({ owner: '$1::text', limit: '$2::int', leaseMs: '$3::double precision', tools: '$4::jsonb', guarded: true })}
     SELECT ${claimedColumnsSql}
       FROM claimed`;
