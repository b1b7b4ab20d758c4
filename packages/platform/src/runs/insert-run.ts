import type { PrismaClient } from '@agentloom/db';
import { v7 as uuidv7 } from 'uuid';

import type { Principal } from '../auth/roles';
import { runEventsChannel, runQueuedChannel } from '../events/run-event';
import type { CreateRunInput } from './run.schema';

export interface RunInsert {
  input: CreateRunInput;
  agentVersion: { id: string; version: number };
  requestHash: string;
}

/**
 * Writes a queued run, its `run-created` event (seq 1), its audit record and both notifications in
 * ONE statement: atomic by itself, with no BEGIN/COMMIT round trips (run creation is on the hot path
 * of every API client). Ids are uuid v7 (time-ordered), like the ones Prisma generates.
 */
export async function insertRun(prisma: PrismaClient, principal: Principal, values: RunInsert): Promise<string> {
  const runId = uuidv7();
  const { input, agentVersion } = values;
  const eventPayload = { agentId: input.agentId, agentVersion: agentVersion.version, threadId: input.threadId ?? null, input: input.input };
  await prisma.$queryRawUnsafe(
    `WITH run AS (
       INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, thread_id, status, input, idempotency_key, request_hash, next_event_seq, queued_at, created_at, updated_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::uuid, 'queued', $6::jsonb, $7, $8, 2, now(), now(), now())
       RETURNING id, tenant_id
     ), created AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT tenant_id, id, 1, 'run-created', $9::jsonb, now() FROM run
     ), audited AS (
       INSERT INTO audit_logs (id, tenant_id, actor_type, actor_id, action, target_type, target_id, after, ip_address, request_id, created_at)
       SELECT $10::uuid, tenant_id, 'api_key', $11, 'run.create', 'run', id::text, $12::jsonb, $13, $14, now() FROM run
     )
     SELECT pg_notify('${runEventsChannel}', id || ':1')::text AS events, pg_notify('${runQueuedChannel}', id::text)::text AS queued FROM run`,
    runId,
    principal.tenantId,
    input.agentId,
    agentVersion.id,
    input.threadId ?? null,
    JSON.stringify({ text: input.input }),
    input.idempotencyKey ?? null,
    values.requestHash,
    JSON.stringify(eventPayload),
    uuidv7(),
    principal.apiKeyId,
    JSON.stringify({ agentId: input.agentId, agentVersion: agentVersion.version }),
    principal.origin?.ipAddress ?? null,
    principal.origin?.requestId ?? null,
  );
  return runId;
}
