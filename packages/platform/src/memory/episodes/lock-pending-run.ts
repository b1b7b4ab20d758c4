import { rawSqlFor, type Prisma } from '@agentloom/db';

/**
 * In the episode writer's transaction, after the erase fence (ADR 0040): locks the run's row until
 * the transaction ends and answers whether the run is still `episode_pending`. Every executor
 * process sweeps, and nothing claims a run before its summary is made, so two sweeps can both
 * summarize one run; the row lock makes the second wait until the first has written its items and
 * cleared the flag, and then it finds the flag cleared and writes nothing. (Supersede by key cannot
 * stand in for this: the two writes would overlap.) `FOR NO KEY UPDATE` is the lock the flag's
 * update takes anyway; it does not hold back inserts that merely reference the run (feedback).
 * Lock order: erase fence, then this row, then memory key locks (`insertMemoryItem`).
 */
export async function lockPendingRun(transaction: Prisma.TransactionClient, runId: string): Promise<boolean> {
  const rows = await rawSqlFor(transaction).query<{ episode_pending: boolean }>(
    'SELECT episode_pending FROM runs WHERE id = $1::uuid FOR NO KEY UPDATE',
    runId,
  );
  return rows[0]?.episode_pending === true;
}
