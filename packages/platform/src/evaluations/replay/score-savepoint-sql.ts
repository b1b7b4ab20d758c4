import { executeStatement, type StatementRunner } from '@agentloom/db';

/** What `underScoreSavepoint` gives back: the work's value, or the error it threw once its writes were undone. */
export type SavepointOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `work` inside the caller's transaction behind a savepoint: when it throws, what it wrote is
 * rolled back to the savepoint (which also clears a statement error that aborted the transaction)
 * and the caller's transaction goes on — its own writes stand. Used to score a recorded replay in the
 * commit that ends its run (ADR 0071) without letting a scorer's failure undo the run's outcome.
 */
export async function underScoreSavepoint<T>(transaction: StatementRunner, work: () => Promise<T>): Promise<SavepointOutcome<T>> {
  await executeStatement(transaction, 'SAVEPOINT replay_score');
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    await executeStatement(transaction, 'ROLLBACK TO SAVEPOINT replay_score');
    return { ok: false, error };
  }
}
