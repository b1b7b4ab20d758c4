import { preparedStatement, queryRows, type Prisma, type StatementRunner } from '@agentloom/db';
import { v7 as uuidv7 } from 'uuid';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { runEventsChannel, runQueuedChannel } from '../events/run-event';
import type { CreateRunInput } from './run.schema';
import type { RunRow } from './run-view';

export interface RunInsert {
  input: CreateRunInput;
  /** Null for runs created without an idempotency key check (retries and re-runs). */
  requestHash: string | null;
  /** Set when the run retries, re-runs (ADR 0029) or forks (ADR 0032) another run; recorded on the row, the event and the audit entry. */
  origin?: RunOrigin;
  /**
   * The batch item a retry of a batch item's run continues (ADR 0049): the new run carries the same
   * `batch_id`/`batch_item`, so it is the item's current run. The caller holds the batch row's lock
   * (retry-run.ts); only a retry sets it — a re-run or a fork is a run of its own, outside the batch.
   */
  batch?: { id: string; item: number };
}

/** Which earlier run a new run repeats, and how; a fork also names the step whose checkpoint it starts from. */
export type RunOrigin = { kind: 'retry' | 'rerun'; runId: string } | { kind: 'fork'; runId: string; stepIndex: number };

/** What the statement found besides the run: why it wrote nothing, when it did not. */
interface InsertedRunRow {
  /** False when the run's origin (retry, re-run, fork) is gone: erased while this insert waited for it. */
  origin_found: boolean;
  agent_found: boolean;
  agent_archived: boolean;
  version_found: boolean;
  thread_found: boolean;
  thread_agent_id: string | null;
  thread_archived: boolean;
  thread_title: string | null;
  version_number: number | null;
  version_config: Prisma.JsonValue;
  id: string | null;
  agent_id: string;
  agent_version_id: string;
  thread_id: string | null;
  status: RunRow['status'];
  input: Prisma.JsonValue;
  attempt: number;
  max_attempts: number;
  cost_usd: string | number;
  queued_at: Date;
  created_at: Date;
  budget: Prisma.JsonValue;
}

/**
 * Validates and writes a queued run in ONE statement: it resolves the agent (this tenant's, not
 * archived) and its version (pinned or latest), checks the thread (this tenant's, this agent's, not
 * archived) and, for a retry, re-run or fork, share-locks its origin (still there: an erase that
 * took it meanwhile is `not-found` on `runId`, not a foreign-key error; ADR 0104), and only when all
 * hold inserts the run, its `run-created` event (seq 1) and audit record and sends both
 * notifications — atomic by itself, with no BEGIN/COMMIT round trips and no read-back (run
 * creation is on the hot path of every API client; ADR 0014). When a check fails nothing is written
 * and the flags the statement returns name the field. Versions are immutable, so reading them in the
 * same statement as the insert cannot race with an edit. Ids are uuid v7 (time-ordered), like the
 * ones Prisma generates.
 */
export async function insertRun(runner: StatementRunner, principal: Principal, values: RunInsert): Promise<RunRow> {
  const runId = uuidv7();
  const { input, origin } = values;
  const originFields = { ...originEventFields(origin), ...(values.batch ? { batchId: values.batch.id, batchItem: values.batch.item } : {}) };
  const rows = await queryRows<InsertedRunRow>(
    runner,
    preparedStatement(`WITH agent AS (
       SELECT id, archived_at FROM agents WHERE id = $3::uuid AND tenant_id = $2::uuid
     ), version AS (
       SELECT version.id, version.version, version.config FROM agent_versions AS version JOIN agent ON agent.id = version.agent_id AND agent.archived_at IS NULL
        WHERE $13::int IS NULL OR version.version = $13::int
        ORDER BY version.version DESC LIMIT 1
     ), thread AS (
       SELECT id, agent_id, archived_at, title FROM threads WHERE id = $4::uuid AND tenant_id = $2::uuid
     ), origin AS (
       -- The run this one repeats, share-locked as the foreign key would lock it (ADR 0104): an erase holding
       -- it FOR UPDATE makes this wait, and once the erase has committed the row is gone and nothing is written.
       SELECT id FROM runs WHERE id = COALESCE($14::uuid, $15::uuid, $18::uuid) AND tenant_id = $2::uuid FOR SHARE
     ), allowed AS (
       SELECT version.id, version.version, version.config FROM version
        WHERE ($4::uuid IS NULL OR EXISTS (SELECT 1 FROM thread WHERE thread.agent_id = $3::uuid AND thread.archived_at IS NULL))
          AND (COALESCE($14::uuid, $15::uuid, $18::uuid) IS NULL OR EXISTS (SELECT 1 FROM origin))
     ), run AS (
       INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, thread_id, status, input, idempotency_key, request_hash, next_event_seq, queued_at, created_at, updated_at, retry_of_run_id, rerun_of_run_id, fork_of_run_id, fork_step_index, budget, batch_id, batch_item)
       SELECT $1::uuid, $2::uuid, $3::uuid, allowed.id, $4::uuid, 'queued', $5::jsonb, $6, $7, 2, now(), now(), now(), $14::uuid, $15::uuid, $18::uuid, $19::int, $20::jsonb, $21::uuid, $22::int FROM allowed
       RETURNING id, tenant_id, agent_id, agent_version_id, thread_id, status::text AS status, input, attempt, max_attempts, cost_usd, queued_at, created_at, budget
     ), created AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT run.tenant_id, run.id, 1, 'run-created',
              jsonb_build_object('agentId', run.agent_id::text, 'agentVersion', allowed.version, 'threadId', run.thread_id::text, 'input', $8::text) || $16::jsonb, now()
         FROM run CROSS JOIN allowed
     ), touched AS (
       -- A thread is listed most recently active first: a run started on it is its latest activity.
       UPDATE threads SET updated_at = now() WHERE id = $4::uuid AND tenant_id = $2::uuid AND EXISTS (SELECT 1 FROM run)
     ), audited AS (
       INSERT INTO audit_logs (id, tenant_id, actor_type, actor_id, action, target_type, target_id, after, ip_address, request_id, created_at)
       SELECT $9::uuid, run.tenant_id, 'api_key', $10, $17, 'run', run.id::text,
              jsonb_build_object('agentId', run.agent_id::text, 'agentVersion', allowed.version) || $16::jsonb, $11, $12, now()
         FROM run CROSS JOIN allowed
     )
     SELECT EXISTS (SELECT 1 FROM origin) AS origin_found,
            EXISTS (SELECT 1 FROM agent) AS agent_found,
            COALESCE((SELECT archived_at IS NOT NULL FROM agent), false) AS agent_archived,
            EXISTS (SELECT 1 FROM version) AS version_found,
            EXISTS (SELECT 1 FROM thread) AS thread_found,
            (SELECT agent_id FROM thread) AS thread_agent_id,
            COALESCE((SELECT archived_at IS NOT NULL FROM thread), false) AS thread_archived,
            (SELECT title FROM thread) AS thread_title,
            (SELECT version FROM allowed) AS version_number,
            (SELECT config FROM allowed) AS version_config,
            run.*,
            CASE WHEN run.id IS NOT NULL AND agentloom_run_watched(run.id, run.tenant_id) THEN pg_notify('${runEventsChannel}', run.id || ':1:' || run.tenant_id)::text END AS events_notified,
            CASE WHEN run.id IS NOT NULL THEN pg_notify('${runQueuedChannel}', run.id::text)::text END AS queued_notified
       FROM (SELECT 1) AS always LEFT JOIN run ON true`),
    [
      runId,
      principal.tenantId,
      input.agentId,
      input.threadId ?? null,
      JSON.stringify({ text: input.input }),
      input.idempotencyKey ?? null,
      values.requestHash,
      input.input,
      uuidv7(),
      principal.apiKeyId,
      principal.origin?.ipAddress ?? null,
      principal.origin?.requestId ?? null,
      input.agentVersion ?? null,
      origin?.kind === 'retry' ? origin.runId : null,
      origin?.kind === 'rerun' ? origin.runId : null,
      JSON.stringify(originFields),
      origin ? `run.${origin.kind}` : 'run.create',
      origin?.kind === 'fork' ? origin.runId : null,
      origin?.kind === 'fork' ? origin.stepIndex : null,
      input.budget ? JSON.stringify(input.budget) : null,
      values.batch?.id ?? null,
      values.batch?.item ?? null,
    ],
  );
  const row = rows[0]!;
  if (row.id === null) throw rejection(row, input, origin);
  return {
    id: row.id,
    agentId: row.agent_id,
    agentVersionId: row.agent_version_id,
    agentVersion: { version: row.version_number!, config: row.version_config },
    threadId: row.thread_id,
    thread: row.thread_id === null ? null : { title: row.thread_title ?? '' },
    status: row.status,
    input: row.input,
    output: null,
    errorKind: null,
    errorMessage: null,
    attempt: row.attempt,
    maxAttempts: row.max_attempts,
    cancelRequestedAt: null,
    modelCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: row.cost_usd as unknown as RunRow['costUsd'],
    toolCallCount: 0,
    stepCount: 0,
    queuedAt: row.queued_at,
    startedAt: null,
    finishedAt: null,
    createdAt: row.created_at,
    retryOfRunId: origin?.kind === 'retry' ? origin.runId : null,
    rerunOfRunId: origin?.kind === 'rerun' ? origin.runId : null,
    forkOfRunId: origin?.kind === 'fork' ? origin.runId : null,
    forkStepIndex: origin?.kind === 'fork' ? origin.stepIndex : null,
    retry: null,
    forks: [],
    scheduleId: null,
    scheduleSlot: null,
    schedule: null,
    budget: row.budget,
    budgetPause: null,
    budgetResumeAt: null,
    batchId: values.batch?.id ?? null,
  };
}

/** The origin as the `run-created` event and the audit entry carry it. */
function originEventFields(origin: RunOrigin | undefined): Record<string, string | number> {
  if (!origin) return {};
  if (origin.kind === 'fork') return { forkOfRunId: origin.runId, forkStepIndex: origin.stepIndex };
  return { [origin.kind === 'retry' ? 'retryOfRunId' : 'rerunOfRunId']: origin.runId };
}

/** The first check that failed, as the error the client gets (the same order the checks had as separate reads). */
function rejection(row: InsertedRunRow, input: CreateRunInput, origin: RunOrigin | undefined): DomainError {
  // The origin was there when the caller loaded it: gone now means an erase took it (ADR 0104).
  if (origin && !row.origin_found) return new DomainError('not-found', `Run ${origin.runId} was erased`, 'runId');
  if (!row.agent_found) return new DomainError('not-found', `Agent ${input.agentId} not found`, 'agentId');
  if (row.agent_archived) return new DomainError('validation', `Agent ${input.agentId} is archived`, 'agentId');
  if (!row.version_found) return new DomainError('not-found', `Agent version ${input.agentVersion ?? 'latest'} not found`, 'agentVersion');
  if (!row.thread_found) return new DomainError('not-found', `Thread ${input.threadId} not found`, 'threadId');
  if (row.thread_agent_id?.toLowerCase() !== input.agentId.toLowerCase())
    return new DomainError('validation', `Thread ${input.threadId} belongs to another agent`, 'threadId');
  if (row.thread_archived) return new DomainError('validation', `Thread ${input.threadId} is archived`, 'threadId');
  throw new Error('Run insert wrote nothing although every check passed');
}
