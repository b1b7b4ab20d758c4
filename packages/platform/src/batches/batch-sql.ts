import { queryRows, type Prisma, type StatementRunner } from '@agentloom/db';

import { runEventsChannel, runQueuedChannel } from '../events/run-event';
import { webhookDeliveriesChannel } from '../webhooks/enqueue-webhook-deliveries';

/** Runs of the batch that are an item's current run: the ones no later run retries. */
export const currentItemRuns = `runs AS run WHERE run.batch_id = $1::uuid AND run.tenant_id = $2::uuid
   AND NOT EXISTS (SELECT 1 FROM runs AS retry WHERE retry.retry_of_run_id = run.id)`;

export interface BatchRunsInsert {
  batchId: string;
  tenantId: string;
  agentId: string;
  agentVersionId: string;
  agentVersion: number;
  texts: readonly string[];
  /** First item index (0 for a new batch). */
  firstItem: number;
}

/**
 * Inserts a batch's runs and their `run-created` events in ONE statement: a multi-row insert from
 * arrays (10,000 items is one round trip, not 10,000), then one NOTIFY that wakes idle executors.
 * Runs of a batch are ordinary queued runs carrying `batch_id`/`batch_item`; the claim keeps at most
 * the batch's cap of them running (ADR 0049).
 */
export async function insertBatchRuns(runner: StatementRunner, values: BatchRunsInsert): Promise<number> {
  const rows = await queryRows<{ inserted: number }>(
    runner,
    `WITH run AS (
       INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, status, input, next_event_seq, queued_at, created_at, updated_at, batch_id, batch_item)
       SELECT agentloom_uuid_v7(), $2::uuid, $3::uuid, $4::uuid, 'queued', jsonb_build_object('text', item.text), 2, now(), now(), now(), $1::uuid, $7::int + (item.ordinality - 1)::int
         FROM unnest($6::text[]) WITH ORDINALITY AS item(text, ordinality)
       RETURNING id, tenant_id, agent_id, batch_item, input
     ), created AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT run.tenant_id, run.id, 1, 'run-created',
              jsonb_build_object('agentId', run.agent_id::text, 'agentVersion', $5::int, 'threadId', NULL, 'input', run.input ->> 'text', 'batchId', $1::text, 'batchItem', run.batch_item), now()
         FROM run
     )
     SELECT (SELECT count(*) FROM run)::int AS inserted, pg_notify('${runQueuedChannel}', $1::text)::text AS notified`,
    [values.batchId, values.tenantId, values.agentId, values.agentVersionId, values.agentVersion, values.texts, values.firstItem],
  );
  return rows[0]?.inserted ?? 0;
}

/**
 * Reopens the batch for a retry and says whether it could: clears `completed_at` (a completed batch
 * has left the claim's open-batch lookup, which would never pick the retry) only while the batch is
 * not cancelled, in one locking statement. The row lock lasts until the caller's transaction commits:
 * retries of one batch take turns instead of racing on the same failed runs, the lazy completion
 * (`completeIfSettled`) waits for the retry's runs, and a cancel that commits while this waits for the
 * row is seen (the row is re-checked after the wait), so no retry is queued in a cancelled batch,
 * where the claim would never pick it. False also for a batch that does not exist in this tenant.
 */
export async function reopenBatch(runner: StatementRunner, batchId: string, tenantId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    runner,
    `UPDATE batches SET completed_at = NULL, updated_at = now() WHERE id = $1::uuid AND tenant_id = $2::uuid AND cancelled_at IS NULL RETURNING id`,
    [batchId, tenantId],
  );
  return rows.length > 0;
}

/**
 * The batch's agent and whether it is archived, its row share-locked until the caller's transaction
 * commits: an archive either committed before (and is seen here) or waits for the retry's runs, so a
 * retry never queues runs of an agent archived under it.
 */
export async function lockBatchAgent(runner: StatementRunner, batchId: string, tenantId: string): Promise<{ agentId: string; archived: boolean } | undefined> {
  const rows = await queryRows<{ agent_id: string; archived: boolean }>(
    runner,
    `SELECT agent.id AS agent_id, agent.archived_at IS NOT NULL AS archived
       FROM batches AS batch JOIN agents AS agent ON agent.id = batch.agent_id
      WHERE batch.id = $1::uuid AND batch.tenant_id = $2::uuid
        FOR SHARE OF agent`,
    [batchId, tenantId],
  );
  const row = rows[0];
  return row ? { agentId: row.agent_id, archived: row.archived } : undefined;
}

/**
 * Retries every failed item in ONE statement: a new queued run per failed current run, with the
 * same input and item index, linked to it by `retry_of_run_id` (the unique link makes a concurrent
 * second retry of the same run fail instead of doubling the item).
 */
export async function insertRetryRuns(runner: StatementRunner, batchId: string, tenantId: string): Promise<number> {
  const rows = await queryRows<{ inserted: number }>(
    runner,
    `WITH failed AS (
       SELECT run.id, run.agent_id, run.agent_version_id, run.input, run.batch_item FROM ${currentItemRuns} AND run.status = 'failed'
     ), run AS (
       INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, status, input, next_event_seq, queued_at, created_at, updated_at, batch_id, batch_item, retry_of_run_id)
       SELECT agentloom_uuid_v7(), $2::uuid, failed.agent_id, failed.agent_version_id, 'queued', failed.input, 2, now(), now(), now(), $1::uuid, failed.batch_item, failed.id
         FROM failed
       RETURNING id, tenant_id, agent_id, batch_item, input, retry_of_run_id
     ), created AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT run.tenant_id, run.id, 1, 'run-created',
              jsonb_build_object('agentId', run.agent_id::text, 'threadId', NULL, 'input', run.input ->> 'text', 'batchId', $1::text, 'batchItem', run.batch_item,
                                 'retryOfRunId', run.retry_of_run_id::text), now()
         FROM run
     )
     SELECT (SELECT count(*) FROM run)::int AS inserted, pg_notify('${runQueuedChannel}', $1::text)::text AS notified`,
    [batchId, tenantId],
  );
  return rows[0]?.inserted ?? 0;
}

/**
 * Tool-call statuses a run ending `cancelled` must close (`closeCancelledRunCalls`): `approved` too — a
 * queued run can hold an approved call it has not started yet (the decision queued it again).
 */
const openCallStatuses = `('running', 'outcome_unknown', 'awaiting_approval', 'approved')`;

/**
 * Ends a cancelled batch's queued items that have no open tool call in ONE statement whatever their
 * number: they hold no lease and leave nothing of their ledger to close. Each gets the two events a
 * single cancel appends (`run-cancel-requested`, `run-finished`), the `run.cancelled` webhook
 * deliveries its tenant's endpoints subscribe to (the shape `agentloom_append_run_events` writes),
 * and watched runs their NOTIFY — per-run function calls took minutes for 10,000 items on the
 * embedded database. A queued item CAN have run before: lease recovery, a draining executor or an
 * erase restart puts a run back to `queued` with its calls as they were, and an approval decision
 * queues a run again with its approved calls still to run. Those stay queued here for the caller to
 * end as a single cancel ends them (closing the calls, `tool-call-abandoned` before `run-finished`).
 */
export async function cancelQueuedItems(runner: StatementRunner, batchId: string, tenantId: string, by: string): Promise<number> {
  const finished = { status: 'cancelled', reason: 'Its batch was cancelled before it ran' };
  const rows = await queryRows<{ ended: number; deliveries: number }>(
    runner,
    `WITH ended AS (
       UPDATE runs SET status = 'cancelled', cancel_requested_at = now(), finished_at = now(), updated_at = now(), next_event_seq = next_event_seq + 2
        WHERE batch_id = $1::uuid AND tenant_id = $2::uuid AND status = 'queued'
          AND NOT EXISTS (SELECT 1 FROM tool_calls AS call WHERE call.run_id = runs.id AND call.status IN ${openCallStatuses})
    RETURNING id, tenant_id, next_event_seq - 2 AS seq
     ), events AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
       SELECT tenant_id, id, seq, 'run-cancel-requested', jsonb_build_object('by', $3::text), now() FROM ended
        UNION ALL
       SELECT tenant_id, id, seq + 1, 'run-finished', $4::jsonb, now() FROM ended
     ), deliveries AS (
       INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, created_at, updated_at)
       SELECT agentloom_uuid_v7(), ended.tenant_id, endpoint.id, ended.id::text || ':' || (ended.seq + 1), 'run.cancelled',
              jsonb_build_object('id', ended.id::text || ':' || (ended.seq + 1), 'type', 'run.cancelled',
                                 'createdAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'data', jsonb_build_object('runId', ended.id::text) || $4::jsonb),
              now(), now()
         FROM ended JOIN webhook_endpoints AS endpoint ON endpoint.tenant_id = ended.tenant_id AND endpoint.enabled AND 'run.cancelled' = ANY (endpoint.event_types)
       RETURNING 1
     ), notified AS (
       SELECT CASE WHEN agentloom_run_watched(ended.id, ended.tenant_id) THEN pg_notify('${runEventsChannel}', ended.id || ':' || (ended.seq + 1) || ':' || ended.tenant_id)::text END AS sent FROM ended
     )
     SELECT (SELECT count(*) FROM ended)::int AS ended, (SELECT count(*) FROM deliveries)::int AS deliveries, (SELECT count(sent) FROM notified)::int AS notified`,
    [batchId, tenantId, by, JSON.stringify(finished)],
  );
  const row = rows[0];
  if (row && row.deliveries > 0)
    await queryRows(runner, `SELECT pg_notify('${webhookDeliveriesChannel}', $1::text)::text AS notified`, [String(row.deliveries)]);
  return row?.ended ?? 0;
}

/**
 * Marks the batch completed if it is open and no item is still to run, and says whether it did.
 * Locks the batch row first, then checks the items in a SECOND statement: under read committed that
 * statement's snapshot is taken after the lock is granted, so it sees the runs of a retry that held
 * the lock (reopening the batch) and committed meanwhile. One UPDATE with the check in a subquery
 * would not: its re-check after waiting for the row reads the subquery with the snapshot from
 * before the wait, and would close the reopened batch over its queued retries, which the claim
 * then never picks. The transaction holds the lock until the UPDATE commits.
 */
export async function completeIfSettled(runner: Prisma.TransactionClient, batchId: string, tenantId: string): Promise<boolean> {
  const open = await queryRows<{ id: string }>(
    runner,
    'SELECT id FROM batches WHERE id = $1::uuid AND tenant_id = $2::uuid AND completed_at IS NULL AND cancelled_at IS NULL FOR UPDATE',
    [batchId, tenantId],
  );
  if (open.length === 0) return false;
  const completed = await queryRows<{ id: string }>(
    runner,
    `UPDATE batches SET completed_at = now(), updated_at = now() WHERE id = $1::uuid AND completed_at IS NULL AND cancelled_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM runs AS run WHERE run.batch_id = $1::uuid AND run.status IN ('queued', 'running', 'waiting', 'waiting_human'))
     RETURNING id`,
    [batchId],
  );
  return completed.length > 0;
}

export interface BatchCountRow {
  status: string;
  count: number;
}

/** Item counts by their current run's status. */
export function countItems(runner: StatementRunner, batchId: string, tenantId: string): Promise<BatchCountRow[]> {
  return queryRows<BatchCountRow>(runner, `SELECT run.status::text AS status, count(*)::int AS count FROM ${currentItemRuns} GROUP BY run.status`, [
    batchId,
    tenantId,
  ]);
}

export interface BatchItemRow {
  item: number;
  run_id: string;
  status: string;
  input: string | null;
  output: unknown;
  error_kind: string | null;
  error_message: string | null;
  attempts: number;
}

/** A page of items in index order, each with its current run (and how many runs the item has had). */
export function selectItems(
  runner: StatementRunner,
  batchId: string,
  tenantId: string,
  page: { status?: string; after: number; limit: number },
): Promise<BatchItemRow[]> {
  return queryRows<BatchItemRow>(
    runner,
    `SELECT run.batch_item AS item, run.id AS run_id, run.status::text AS status, run.input ->> 'text' AS input, run.output, run.error_kind, run.error_message,
            (SELECT count(*) FROM runs AS earlier WHERE earlier.batch_id = run.batch_id AND earlier.batch_item = run.batch_item)::int AS attempts
       FROM ${currentItemRuns} AND run.batch_item > $3::int AND ($4::text IS NULL OR run.status::text = $4::text)
      ORDER BY run.batch_item LIMIT $5::int`,
    [batchId, tenantId, page.after, page.status ?? null, page.limit],
  );
}
