import { executeStatement, type StatementRunner } from '@agentloom/db';

/** What `underScheduleSavepoint` gives back: the work's value, or the error it threw once its writes were undone. */
export type ScheduleSavepointOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs one schedule's share of a scheduler tick behind a savepoint of the tick's transaction. When it
 * throws, what it wrote is rolled back to the savepoint (which also clears a statement error that
 * aborted the transaction) and the tick goes on with the other schedules it claimed; their runs and
 * advances still commit. Row locks taken before the savepoint (the claim) are kept. A tick claims at
 * most `batchSize` (20) schedules, so a transaction stays well under Postgres' 64 cached
 * subtransactions.
 */
export async function underScheduleSavepoint<T>(transaction: StatementRunner, work: () => Promise<T>): Promise<ScheduleSavepointOutcome<T>> {
  await executeStatement(transaction, 'SAVEPOINT fire_schedule');
  let value: T;
  try {
    value = await work();
  } catch (error) {
    await executeStatement(transaction, 'ROLLBACK TO SAVEPOINT fire_schedule');
    return { ok: false, error };
  }
  await executeStatement(transaction, 'RELEASE SAVEPOINT fire_schedule');
  return { ok: true, value };
}
