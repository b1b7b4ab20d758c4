import { runEventsChannel } from '../events/run-event';
import { uuidV7Sql } from '../events/append-run-events-sql';
import { webhookDeliveriesChannel } from '../webhooks/enqueue-webhook-deliveries';

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
export const finishRunsSql = `WITH input AS (
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
              input.events, input.hooks, input.created_at
     ), appended AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT bumped.tenant_id, bumped.id, bumped.first + event.ordinality::int - 1, event.value ->> 'type', event.value -> 'payload', bumped.created_at
         FROM bumped CROSS JOIN jsonb_array_elements(bumped.events) WITH ORDINALITY AS event
     ), delivered AS (
       INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, created_at, updated_at)
       SELECT ${uuidV7Sql}, bumped.tenant_id, endpoint.id,
              bumped.id::text || ':' || (bumped.first + (hook.value ->> 'offset')::int),
              hook.value ->> 'type',
              (hook.value -> 'body') || jsonb_build_object('id', bumped.id::text || ':' || (bumped.first + (hook.value ->> 'offset')::int)),
              bumped.created_at, bumped.created_at
         FROM bumped CROSS JOIN jsonb_array_elements(bumped.hooks) AS hook
         JOIN webhook_endpoints AS endpoint
           ON endpoint.tenant_id = bumped.tenant_id AND endpoint.enabled AND (hook.value ->> 'type') = ANY (endpoint.event_types)
    RETURNING 1
     )
     SELECT bumped.id,
            CASE WHEN agentloom_run_watched(bumped.id, bumped.tenant_id)
              THEN pg_notify('${runEventsChannel}', bumped.id::text || ':' || (bumped.first + bumped.count - 1) || ':' || bumped.tenant_id::text)::text END AS events_notified,
            (SELECT pg_notify('${webhookDeliveriesChannel}', count(*)::text)::text FROM delivered HAVING count(*) > 0) AS deliveries_notified
       FROM bumped`;
