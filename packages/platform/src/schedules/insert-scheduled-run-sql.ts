import type { Prisma } from '@agentloom/db';
import { v7 as uuidv7 } from 'uuid';

import { runQueuedChannel } from '../events/run-event';
import { runEventNotifiesSql, runEventWritesCtes } from '../events/run-event-writes-sql';

/** What the scheduler needs to create one slot's run. */
export interface ScheduledRunInsert {
  tenantId: string;
  scheduleId: string;
  agentId: string;
  /** Pinned version number, or null for the latest. */
  agentVersion: number | null;
  slot: Date;
  input: string;
}

export type ScheduledRunOutcome =
  | { kind: 'created'; runId: string }
  /** The slot's idempotency key already names a run: another scheduler fired this slot (the second fence). */
  | { kind: 'already-fired' }
  | { kind: 'rejected'; reason: string };

interface InsertedRow {
  agent_found: boolean;
  agent_archived: boolean;
  version_found: boolean;
  id: string | null;
}

/** The slot's idempotency key: unique per tenant on runs, so a slot can never hold two runs. */
export function scheduleSlotKey(scheduleId: string, slot: Date): string {
  return `schedule:${scheduleId}:${slot.toISOString()}`;
}

/**
 * Inserts the slot's queued run, its `run-created` event (written as every event is,
 * `run-event-writes-sql.ts`; it causes no webhook) and its audit record (actor: the scheduler)
 * in one statement inside the scheduler's transaction. The run carries the idempotency key of its
 * schedule and slot; `ON CONFLICT DO NOTHING` on the tenant's idempotency index makes a second
 * insert of one slot write nothing, whatever locking the caller did or failed to do.
 */
export async function insertScheduledRun(transaction: Prisma.TransactionClient, values: ScheduledRunInsert): Promise<ScheduledRunOutcome> {
  const rows = await transaction.$queryRawUnsafe<InsertedRow[]>(
    `WITH agent AS (
       SELECT id, archived_at FROM agents WHERE id = $3::uuid AND tenant_id = $2::uuid
     ), version AS (
       SELECT version.id, version.version FROM agent_versions AS version JOIN agent ON agent.id = version.agent_id AND agent.archived_at IS NULL
        WHERE $4::int IS NULL OR version.version = $4::int
        ORDER BY version.version DESC LIMIT 1
     ), run AS (
       INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, status, input, idempotency_key, next_event_seq, queued_at, created_at, updated_at, schedule_id, schedule_slot)
       SELECT $1::uuid, $2::uuid, $3::uuid, version.id, 'queued', $5::jsonb, $6, 2, now(), now(), now(), $7::uuid, $8::timestamptz FROM version
       ON CONFLICT (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING id, tenant_id, agent_id
     ), created AS (
       SELECT run.id, run.tenant_id, 1 AS first,
              jsonb_build_array(jsonb_build_object('type', 'run-created', 'payload',
                jsonb_build_object('agentId', run.agent_id::text, 'agentVersion', version.version, 'threadId', NULL, 'input', $9::text,
                                   'scheduleId', $7::text, 'scheduleSlot', $10::text))) AS events
         FROM run CROSS JOIN version
     ), ${runEventWritesCtes({ from: 'created', events: 'created.events', hooks: "'[]'::jsonb", createdAt: 'now()' })}, audited AS (
       INSERT INTO audit_logs (id, tenant_id, actor_type, actor_id, action, target_type, target_id, after, created_at)
       SELECT $11::uuid, run.tenant_id, 'system', 'scheduler', 'run.create', 'run', run.id::text,
              jsonb_build_object('agentId', run.agent_id::text, 'agentVersion', version.version, 'scheduleId', $7::text, 'scheduleSlot', $10::text), now()
         FROM run CROSS JOIN version
     )
     SELECT EXISTS (SELECT 1 FROM agent) AS agent_found,
            COALESCE((SELECT archived_at IS NOT NULL FROM agent), false) AS agent_archived,
            EXISTS (SELECT 1 FROM version) AS version_found,
            run.id::text AS id,
            ${runEventNotifiesSql('run', '1')},
            CASE WHEN run.id IS NOT NULL THEN pg_notify('${runQueuedChannel}', run.id::text)::text END AS queued_notified
       FROM (SELECT 1) AS always LEFT JOIN run ON true`,
    uuidv7(),
    values.tenantId,
    values.agentId,
    values.agentVersion,
    JSON.stringify({ text: values.input }),
    scheduleSlotKey(values.scheduleId, values.slot),
    values.scheduleId,
    values.slot.toISOString(),
    values.input,
    values.slot.toISOString(),
    uuidv7(),
  );
  const row = rows[0]!;
  if (row.id !== null) return { kind: 'created', runId: row.id };
  if (!row.agent_found) return { kind: 'rejected', reason: 'the agent no longer exists' };
  if (row.agent_archived) return { kind: 'rejected', reason: 'the agent is archived' };
  if (!row.version_found) return { kind: 'rejected', reason: `agent version ${values.agentVersion ?? 'latest'} not found` };
  return { kind: 'already-fired' };
}
