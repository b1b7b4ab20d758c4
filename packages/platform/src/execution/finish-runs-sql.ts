import { runEventNotifiesSql, runEventWritesCtes } from '../events/run-event-writes-sql';
import { claimCtes, claimedColumnsSql } from './run-claims-sql';

/**
 * One run's part of a finishing statement ($1 is a JSON array of these). `events` are the run's
 * events to append (ending with `run-finished`), `hooks` the webhook outbox entries they cause
 * (`offset` = index of the causing event), `output` omitted when the run has none.
 */
export interface FinishRunInput {
  id: string;
  attempt: number;
  owner: string;
  status: 'succeeded' | 'failed';
  output?: unknown;
  error_kind: string | null;
  error_message: string | null;
  episode_pending: boolean;
  created_at: string;
  events: { type: string; payload: unknown }[];
  hooks: { offset: number; type: string; body: Record<string, unknown> }[];
}

/**
 * Ends any number of runs in ONE statement (ADR 0069): per run, the lease fence of `finishRun`
 * (this owner, this attempt, still running, no committed cancel), status, output, lease cleared, the
 * run's events with gap-free sequence numbers from `runs.next_event_seq`, one webhook delivery per
 * subscribed enabled endpoint, and the `agentloom_run_events` NOTIFY when the run is watched (ADR
 * 0038); one `agentloom_webhook_deliveries` NOTIFY for the whole statement when deliveries were
 * written. A run whose fence fails writes nothing and is missing from the result; the others are
 * finished. Rows are locked in id order first (`fenced`), as `renewLeases` locks them, so a batch and
 * a heartbeat of the same executor cannot deadlock. Returns the ids of the runs it finished.
 */
const finishCtes = `input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS input(
         id uuid, attempt integer, owner text, status text, output jsonb, error_kind text, error_message text,
         episode_pending boolean, created_at timestamptz, events jsonb, hooks jsonb)
     ), fenced AS (
       SELECT run.id FROM runs AS run JOIN input ON input.id = run.id
        WHERE run.lease_owner = input.owner AND run.attempt = input.attempt AND run.status = 'running' AND run.cancel_requested_at IS NULL
        ORDER BY run.id
          FOR UPDATE OF run
     ), bumped AS (
       UPDATE runs AS run
          SET next_event_seq = run.next_event_seq + jsonb_array_length(input.events),
              status = input.status::"RunStatus", output = input.output, error_kind = input.error_kind, error_message = input.error_message,
              finished_at = now(), updated_at = now(), lease_owner = NULL, lease_expires_at = NULL, heartbeat_at = NULL,
              episode_pending = (run.episode_pending OR input.episode_pending)
         FROM input JOIN fenced ON fenced.id = input.id
        WHERE run.id = input.id AND run.lease_owner = input.owner AND run.attempt = input.attempt AND run.status = 'running' AND run.cancel_requested_at IS NULL
    RETURNING run.id, run.tenant_id, run.next_event_seq - jsonb_array_length(input.events) AS first, jsonb_array_length(input.events) AS count,
              input.events, input.hooks, input.created_at, input.owner
     ), ${runEventWritesCtes({ from: 'bumped', events: 'bumped.events', hooks: 'bumped.hooks', createdAt: 'bumped.created_at' })}`;

export const finishRunsSql = `WITH ${finishCtes}
     SELECT bumped.id,
            ${runEventNotifiesSql('bumped', 'bumped.first + bumped.count - 1')}
       FROM bumped`;

/**
 * `finishRunsSql` that also claims the freed slots' successors (ADR 0074): $2 the claiming executor
 * (lease owner), $3 how many slots it gave the ride at most, $4 lease ms, $5 its tool catalog. It claims
 * at most as many runs as the statement finished of $2's (a run whose fence failed frees no slot
 * here), through the claim's plain branch only: when a cap, an open batch or a due wait exists it
 * claims nothing and the executor's own claim (which runs the guard function) fills the slots. The
 * claim sees the statement's snapshot, in which the finished runs are still running; its rows are
 * other rows (queued ones, SKIP LOCKED), so it waits on no lock the finish could be waiting on.
 * Rows: `kind` 'finished' (id) or 'claimed' (the columns of `claimRunsSql`).
 */
export const finishRunsAndClaimSql = `WITH ${finishCtes}, ${claimCtes({
  owner: '$2::text',
  limit: '(SELECT LEAST($3::int, count(*)::int) FROM bumped WHERE bumped.owner = $2::text)',
  leaseMs: '$4::double precision',
  tools: '$5::jsonb',
  guarded: false,
})}
     SELECT 'finished' AS kind, bumped.id, NULL::uuid AS tenant_id, NULL::uuid AS agent_version_id, NULL::uuid AS thread_id, NULL::int AS attempt,
            NULL::double precision AS queued_seconds, NULL::boolean AS fresh, NULL::jsonb AS in_flight_reply, NULL::text AS notified,
            ${runEventNotifiesSql('bumped', 'bumped.first + bumped.count - 1')}
       FROM bumped
     UNION ALL
     SELECT 'claimed', ${claimedColumnsSql}, NULL, NULL
       FROM claimed`;
