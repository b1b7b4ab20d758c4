import type { PrismaClient } from '@agentloom/db';
import { v7 as uuidv7 } from 'uuid';

import type { Principal } from '../auth/roles';
import { runEventsChannel, runQueuedChannel } from '../events/run-event';
import type { CreateRunInput } from './run.schema';

export interface RunInsert {
  input: CreateRunInput;
  agentVersion: { id: string; version: number };
  /** Null for runs created without an idempotency key check (retries and re-runs). */
  requestHash: string | null;
  /** Set when the run retries or re-runs another run (ADR 0029); recorded on the row, the event and the audit entry. */
  origin?: RunOrigin;
}

/** Which earlier run a new run repeats, and how. */
export interface RunOrigin {
  kind: 'retry' | 'rerun';
  runId: string;
}

/**
 * Writes a queued run, its `run-created` event (seq 1), its audit record and both notifications in
 * ONE statement: atomic by itself, with no BEGIN/COMMIT round trips (run creation is on the hot path
 * of every API client). Ids are uuid v7 (time-ordered), like the ones Prisma generates.
 */
export async function insertRun(prisma: PrismaClient, principal: Principal, values: RunInsert): Promise<string> {
  const runId = uuidv7();
  const { input, agentVersion } = values;
  const { origin } = values;
  const originFields = origin ? { [origin.kind === 'retry' ? 'retryOfRunId' : 'rerunOfRunId']: origin.runId } : {};
  const eventPayload = { agentId: input.agentId, agentVersion: agentVersion.version, threadId: input.threadId ?? null, input: input.input, ...originFields };
  await prisma.$queryRawUnsafe(
    `WITH run AS (
       INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, thread_id, status, input, idempotency_key, request_hash, next_event_seq, queued_at, created_at, updated_at, retry_of_run_id, rerun_of_run_id)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::uuid, 'queued', $6::jsonb, $7, $8, 2, now(), now(), now(), $15::uuid, $16::uuid)
       RETURNING id, tenant_id
     ), created AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT tenant_id, id, 1, 'run-created', $9::jsonb, now() FROM run
     ), audited AS (
       INSERT INTO audit_logs (id, tenant_id, actor_type, actor_id, action, target_type, target_id, after, ip_address, request_id, created_at)
       SELECT $10::uuid, tenant_id, 'api_key', $11, $17, 'run', id::text, $12::jsonb, $13, $14, now() FROM run
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
    JSON.stringify({ agentId: input.agentId, agentVersion: agentVersion.version, ...originFields }),
    principal.origin?.ipAddress ?? null,
    principal.origin?.requestId ?? null,
    origin?.kind === 'retry' ? origin.runId : null,
    origin?.kind === 'rerun' ? origin.runId : null,
    origin ? `run.${origin.kind}` : 'run.create',
  );
  return runId;
}
