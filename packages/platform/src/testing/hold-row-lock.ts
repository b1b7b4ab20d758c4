import type { Database } from '@agentloom/db';

/** A transaction holding row locks, open until `release`; `done` settles when it has ended. */
export interface HeldRowLock {
  release(): void;
  done: Promise<void>;
}

/**
 * Opens a transaction that runs `statement` (a `SELECT … FOR UPDATE`, say) and keeps its locks until
 * `release`: a race test makes the code under test wait at a chosen point, then starts the other side,
 * so the interleaving is decided by locks, not by timing. Server database only (PGlite has one session).
 */
export async function holdRowLock(database: Database, statement: string, ...parameters: unknown[]): Promise<HeldRowLock> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = database.prisma.$transaction(
    async (transaction) => {
      await transaction.$queryRawUnsafe(statement, ...parameters);
      locked();
      await released;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  await Promise.race([isLocked, done]);
  return { release, done };
}

/** Sessions of this database waiting on a lock now. */
export async function sessionsWaitingOnLocks(database: Database, queryPattern = '%'): Promise<number> {
  const rows = await database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
    queryPattern,
  );
  return rows[0]!.n;
}
