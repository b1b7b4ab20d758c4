import { webhookDeliveriesChannel } from '../webhooks/enqueue-webhook-deliveries';
import { runEventsChannel } from './run-event';

/**
 * A uuid v7 (48-bit Unix milliseconds, then random bits) computed in SQL, so rows a statement
 * inserts for an unknown number of matches (webhook endpoints) still get time-ordered ids like the
 * ones Prisma generates. PG 15 and PGlite have no `uuidv7()`; `gen_random_uuid()` is core since 13.
 */
export const uuidV7Sql = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

/**
 * Where a statement's new events come from: `from` names an earlier CTE (or table) with one row per
 * run that has `id`, `tenant_id` and `first` (the first sequence number allocated to it); the other
 * fields are SQL expressions over that row: the run's events `[{type, payload}]`, the webhook
 * outbox entries they cause `[{offset, type, body}]` (offset = index of the causing event) and the
 * events' `created_at`.
 */
export interface RunEventSource {
  from: string;
  events: string;
  hooks: string;
  createdAt: string;
}

/**
 * The one copy of how run events are written (ADR 0073): the `appended` CTE inserts the events with
 * sequence numbers `first`, `first + 1`, …, and the `delivered` CTE writes one webhook delivery per
 * enabled endpoint subscribed to a caused event (the outbox, ADR 0006), in the same statement as the
 * events. Used by appending, finishing (many runs at once) and the scheduler's run creation; the
 * sequence numbers must already be allocated by the caller's row update (`runs.next_event_seq`),
 * which holds the run's row lock, so sequences stay gap-free.
 */
export function runEventWritesCtes(source: RunEventSource): string {
  const { from } = source;
  const eventId = `${from}.id::text || ':' || (${from}.first + (hook.value ->> 'offset')::int)`;
  return `appended AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT ${from}.tenant_id, ${from}.id, ${from}.first + event.ordinality::int - 1, event.value ->> 'type', event.value -> 'payload', ${source.createdAt}
         FROM ${from} CROSS JOIN jsonb_array_elements(${source.events}) WITH ORDINALITY AS event
     ), delivered AS (
       INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, created_at, updated_at)
       SELECT ${uuidV7Sql}, ${from}.tenant_id, endpoint.id,
              ${eventId},
              hook.value ->> 'type',
              (hook.value -> 'body') || jsonb_build_object('id', ${eventId}),
              ${source.createdAt}, ${source.createdAt}
         FROM ${from} CROSS JOIN jsonb_array_elements(${source.hooks}) AS hook
         JOIN webhook_endpoints AS endpoint
           ON endpoint.tenant_id = ${from}.tenant_id AND endpoint.enabled AND (hook.value ->> 'type') = ANY (endpoint.event_types)
    RETURNING 1
     )`;
}

/**
 * The NOTIFYs of those writes, as two output columns of a row of `from`: `events_notified` sends
 * `<runId>:<lastSeq>:<tenantId>` when a process watches the run (ADR 0038); `deliveries_notified`
 * sends the statement's delivery count once deliveries were written (a wake-up for the dispatcher).
 * NOTIFY is transactional: listeners hear of the events only once they are committed.
 */
export function runEventNotifiesSql(from: string, lastSeq: string): string {
  return `CASE WHEN agentloom_run_watched(${from}.id, ${from}.tenant_id)
              THEN pg_notify('${runEventsChannel}', ${from}.id::text || ':' || (${lastSeq}) || ':' || ${from}.tenant_id::text)::text END AS events_notified,
            (SELECT pg_notify('${webhookDeliveriesChannel}', count(*)::text)::text FROM delivered HAVING count(*) > 0) AS deliveries_notified`;
}
