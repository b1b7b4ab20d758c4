import { preparedStatementText, queryRows, type StatementRunner } from '@agentloom/db';
import { v7 as uuidv7 } from 'uuid';

/**
 * An experiment's replay runs queued in one statement: per case a queued run, its `run-created`
 * event (seq 1, so the run's next seq is 2) and the result row that makes it a replay. Three
 * `createMany` calls did this before; for 100 cases, building and binding their 300 rows in the Prisma
 * client cost more than the database spent writing them (≈ 1.5 ms per case, counted in the replay
 * bench's time). The rows are the ones those calls wrote, column for column; the database's defaults
 * fill the rest as they did (`queued_at`, `created_at`: the transaction's start).
 */
const queueReplayRuns = preparedStatementText(`WITH replay AS (
       SELECT (item->>'runId')::uuid AS run_id, (item->>'resultId')::uuid AS result_id, (item->>'caseId')::uuid AS case_id, item->>'input' AS input
         FROM jsonb_array_elements($1::jsonb) AS item
     ), queued AS (
       INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, status, input, next_event_seq, updated_at)
       SELECT run_id, $2::uuid, $3::uuid, $4::uuid, 'queued', jsonb_build_object('text', input), 2, now() FROM replay
    RETURNING id
     ), announced AS (
       INSERT INTO run_events (tenant_id, run_id, seq, type, payload)
       SELECT $2::uuid, run_id, 1, 'run-created',
              jsonb_build_object('agentId', $3::text, 'agentVersion', $5::int, 'threadId', NULL, 'input', input,
                                 'replayOf', jsonb_build_object('experimentId', $6::text, 'caseId', case_id::text))
         FROM replay
    RETURNING run_id
     ), results AS (
       INSERT INTO eval_results (id, tenant_id, experiment_id, case_id, run_id)
       SELECT result_id, $2::uuid, $6::uuid, case_id, run_id FROM replay
    RETURNING run_id
     )
     SELECT (SELECT count(*) FROM queued)::int AS runs, (SELECT count(*) FROM announced)::int AS events, (SELECT count(*) FROM results)::int AS results`);

export interface ReplayRunsToQueue {
  tenantId: string;
  agentId: string;
  agentVersionId: string;
  agentVersion: number;
  experimentId: string;
  cases: ReadonlyArray<{ id: string; input: string }>;
}

/** Queues one replay run per case inside the caller's transaction; returns the run ids in case order. */
export async function queueReplayRunsStatement(statements: StatementRunner, replay: ReplayRunsToQueue): Promise<string[]> {
  const items = replay.cases.map((testCase) => ({ runId: uuidv7(), resultId: uuidv7(), caseId: testCase.id, input: testCase.input }));
  const rows = await queryRows<{ runs: number; events: number; results: number }>(statements, queueReplayRuns, [
    JSON.stringify(items),
    replay.tenantId,
    replay.agentId,
    replay.agentVersionId,
    replay.agentVersion,
    replay.experimentId,
  ]);
  const written = rows[0];
  if (!written || [written.runs, written.events, written.results].some((count) => Number(count) !== items.length)) {
    throw new Error(`Queued ${JSON.stringify(written)} rows for ${items.length} replay cases`);
  }
  return items.map((item) => item.runId);
}
