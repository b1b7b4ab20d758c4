import { rawSqlFor, type PrismaClient, type StatementRunner } from '@agentloom/db';
import { expect } from 'vitest';

import { claimRuns, type ClaimedRun } from './run-claims';

export interface TwoClaimersOutcome {
  /** What claimer A claimed inside its transaction, before it committed. */
  a: ClaimedRun[];
  /** What claimer B claimed. */
  b: ClaimedRun[];
  /** Whether B had finished while A still held its transaction (false: B waited on one of A's locks). */
  bFinishedWhileAHeld: boolean;
}

/**
 * Test helper: two claimers raced deterministically. Claimer A (`claimer-a`) claims in a transaction
 * it keeps open; claimer B (`claimer-b`) then claims on another connection. The helper waits for a
 * state, not a time — B has finished, or B is waiting on a lock of `waitLockTypes` in this database —
 * then lets A commit and returns both claims. Server mode only: the embedded database serves one
 * transaction at a time, so two claimers cannot overlap there.
 */
export async function raceTwoClaimers(
  database: { prisma: PrismaClient; statements: StatementRunner },
  options: { limitA: number; limitB: number; waitLockTypes: readonly string[] },
): Promise<TwoClaimersOutcome> {
  const { prisma } = database;
  let claimedByA!: (runs: ClaimedRun[]) => void;
  const aClaimed = new Promise<ClaimedRun[]>((resolve) => (claimedByA = resolve));
  let commitA!: () => void;
  const aMayCommit = new Promise<void>((resolve) => (commitA = resolve));
  const a = prisma.$transaction(
    async (transaction) => {
      claimedByA(await claimRuns(transaction, 'claimer-a', options.limitA, 60_000));
      await aMayCommit;
    },
    { timeout: 120_000 },
  );
  // A failed claim in A rejects `a` before `aClaimed` resolves: surface it instead of waiting forever.
  const aRuns = await Promise.race([aClaimed, a.then(() => aClaimed)]);

  let bDone = false;
  const b = claimRuns(database.statements, 'claimer-b', options.limitB, 60_000).then((runs) => {
    bDone = true;
    return runs;
  });
  // Only this database's sessions: other suites on the shared server may be waiting on locks of their own.
  const waitingOnLock = async () =>
    Number(
      (
        await rawSqlFor(prisma).query<{ waiting: bigint }>(
          `SELECT count(*) AS waiting FROM pg_locks
            WHERE NOT granted AND locktype = ANY($1::text[])
              AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database())`,
          [...options.waitLockTypes],
        )
      )[0]?.waiting ?? 0,
    ) > 0;
  let bFinishedWhileAHeld: boolean;
  try {
    await expect.poll(async () => bDone || (await waitingOnLock()), { timeout: 60_000 }).toBe(true);
    bFinishedWhileAHeld = bDone;
  } finally {
    commitA();
    await a;
  }
  return { a: aRuns, b: await b, bFinishedWhileAHeld };
}
