import { queryRows, type StatementRunner } from '@agentloom/db';

import { runQueuedChannel } from '../events/run-event';

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
 * Ends a cancelled batch's queued items in two statements whatever their number: they never ran,
 * so they hold no lease and no open call; each gets the events a single cancel appends (through
 * the same `agentloom_append_run_events`, so `run.cancelled` webhooks go out as for any run).
 */
export async function cancelQueuedItems(runner: StatementRunner, batchId: string, tenantId: string, by: string): Promise<number> {
  const ended = await queryRows<{ id: string }>(
    runner,
    `UPDATE runs SET status = 'cancelled', cancel_requested_at = now(), finished_at = now(), updated_at = now()
      WHERE batch_id = $1::uuid AND tenant_id = $2::uuid AND status = 'queued'
  RETURNING id`,
    [batchId, tenantId],
  );
  if (ended.length === 0) return 0;
  const events = JSON.stringify([
    { type: 'run-cancel-requested', payload: { by } },
    { type: 'run-finished', payload: { status: 'cancelled', reason: 'Its batch was cancelled before it ran' } },
  ]);
  await queryRows(runner, `SELECT agentloom_append_run_events(run_id, $2::uuid, $3::jsonb, now()) FROM unnest($1::uuid[]) AS run_id`, [
    ended.map((run) => run.id),
    tenantId,
    events,
  ]);
  return ended.length;
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
export function selectItems(runner: StatementRunner, batchId: string, tenantId: string, page: { status?: string; after: number; limit: number }): Promise<BatchItemRow[]> {
  return queryRows<BatchItemRow>(
    runner,
    `SELECT run.batch_item AS item, run.id AS run_id, run.status::text AS status, run.input ->> 'text' AS input, run.output, run.error_kind, run.error_message,
            (SELECT count(*) FROM runs AS earlier WHERE earlier.batch_id = run.batch_id AND earlier.batch_item = run.batch_item)::int AS attempts
       FROM ${currentItemRuns} AND run.batch_item > $3::int AND ($4::text IS NULL OR run.status::text = $4::text)
      ORDER BY run.batch_item LIMIT $5::int`,
    [batchId, tenantId, page.after, page.status ?? null, page.limit],
  );
}
