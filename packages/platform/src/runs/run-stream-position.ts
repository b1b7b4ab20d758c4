import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';

/** The seq of the `run-finished` event of the run `runId` names (a parameter or a column), through its own index (ADR 0099). */
const finishedSeqOfRun = (runId: string) => `SELECT seq FROM run_events WHERE run_id = ${runId} AND type = 'run-finished' ORDER BY seq LIMIT 1`;

/**
 * A run's visibility to a tenant and its `run-finished` seq, in one statement through the driver: what a stream
 * needs before its first byte. Opening a stream used to cost four Prisma queries (the access check and this seq,
 * each twice, once to answer "nothing left" and once to start the stream); in the console's profile of
 * `bench/end-to-end`, Prisma was 1.2 s of its 13.3 s busy (bench/README, session 28).
 */
const streamPosition = preparedStatement(`SELECT (${finishedSeqOfRun('runs.id')}) AS finished_seq
  FROM runs
 WHERE id = $1::uuid AND tenant_id = $2::uuid`);

const finishedSeqOf = preparedStatement(finishedSeqOfRun('$1::uuid'));

/** Null when the run does not exist or belongs to another tenant; otherwise its `run-finished` seq, null while it runs. */
export async function readStreamPosition(statements: StatementRunner, runId: string, tenantId: string): Promise<{ finishedSeq: number | null } | null> {
  const rows = await queryRows<{ finished_seq: number | null }>(statements, streamPosition, [runId, tenantId]);
  const row = rows[0];
  return row ? { finishedSeq: row.finished_seq } : null;
}

/** The seq of the run's `run-finished` event, or null while it runs. Callers have checked tenant access. */
export async function readFinishedSeq(statements: StatementRunner, runId: string): Promise<number | null> {
  const rows = await queryRows<{ seq: number }>(statements, finishedSeqOf, [runId]);
  return rows[0]?.seq ?? null;
}
