import { webhookDeliveriesChannel } from '../webhooks/enqueue-webhook-deliveries';
import { runEventsChannel } from './run-event';

/**
 * A uuid v7 (48-bit Unix milliseconds, then random bits) computed in SQL, so rows a statement
 * inserts for an unknown number of matches (webhook endpoints) still get time-ordered ids like the
 * ones Prisma generates. PG 15 and PGlite have no `uuidv7()`; `gen_random_uuid()` is core since 13.
 */
export const uuidV7Sql = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

/**
 * The parameters every append statement binds first; a caller's own parameters start at `$6`.
 * $1 run id, $2 number of events, $3 created_at (ISO), $4 events `[{type, payload}]`,
 * $5 webhook bodies `[{offset, type, body}]` (offset = index of the causing event).
 */
export const firstExtraParameter = 6;

/**
 * One statement that appends events to a run's log: it bumps `runs.next_event_seq` (row-locking
 * the run, so concurrent appenders serialize and sequences stay gap-free), inserts the events,
 * writes one webhook delivery per enabled endpoint subscribed to a caused webhook event (the outbox,
 * ADR 0006), and NOTIFYs `<runId>:<lastSeq>:<tenantId>` when a process watches the run (ADR 0038) plus, when deliveries were written, their count.
 * NOTIFY is transactional, so listeners hear of the events only once they are committed.
 *
 * `runUpdate` lets a transition ride on the same row update: extra `SET` assignments and an extra
 * `WHERE` condition (a lease fence). When the condition fails nothing at all is written and the
 * statement returns no row. Returns `first` (the first allocated seq) and `id`.
 */
export function appendRunEventsSql(runUpdate: { set?: string; where?: string; returning?: string } = {}): string {
  return `WITH bumped AS (
       UPDATE runs AS run SET next_event_seq = run.next_event_seq + $2::int${runUpdate.set ? `, ${runUpdate.set}` : ''}
        WHERE run.id = $1::uuid${runUpdate.where ? ` AND (${runUpdate.where})` : ''}
    RETURNING run.id, run.tenant_id, run.next_event_seq - $2::int AS first${runUpdate.returning ? `, ${runUpdate.returning}` : ''}
     ), appended AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT bumped.tenant_id, bumped.id, bumped.first + event.ordinality::int - 1, event.value ->> 'type', event.value -> 'payload', $3::timestamptz
         FROM bumped CROSS JOIN jsonb_array_elements($4::jsonb) WITH ORDINALITY AS event
     ), delivered AS (
       INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, created_at, updated_at)
       SELECT ${uuidV7Sql}, bumped.tenant_id, endpoint.id,
              bumped.id::text || ':' || (bumped.first + (hook.value ->> 'offset')::int),
              hook.value ->> 'type',
              (hook.value -> 'body') || jsonb_build_object('id', bumped.id::text || ':' || (bumped.first + (hook.value ->> 'offset')::int)),
              $3::timestamptz, $3::timestamptz
         FROM bumped CROSS JOIN jsonb_array_elements($5::jsonb) AS hook
         JOIN webhook_endpoints AS endpoint
           ON endpoint.tenant_id = bumped.tenant_id AND endpoint.enabled AND (hook.value ->> 'type') = ANY (endpoint.event_types)
    RETURNING 1
     )
     SELECT bumped.*,
            CASE WHEN agentloom_run_watched(bumped.id, bumped.tenant_id)
              THEN pg_notify('${runEventsChannel}', bumped.id::text || ':' || (bumped.first + $2::int - 1) || ':' || bumped.tenant_id::text)::text END AS events_notified,
            (SELECT pg_notify('${webhookDeliveriesChannel}', count(*)::text)::text FROM delivered HAVING count(*) > 0) AS deliveries_notified
       FROM bumped`;
}
