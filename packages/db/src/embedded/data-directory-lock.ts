import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

import { DatabaseError } from '../connection/database-error';

/**
 * An exclusive lock on an embedded data directory. Two processes opening one PGlite directory
 * silently lose rows, so the second opener must get a clear error instead. The lock file holds the
 * owner's pid; a lock left by a dead process (kill -9) is taken over.
 */
export interface DataDirectoryLock {
  release(): void;
}

/**
 * Takes the lock, waiting up to `waitMs` for a live holder to let go: a restart (old process still
 * closing its database while the new one starts) hands over instead of failing.
 */
export async function lockDataDirectory(dataDirectory: string, waitMs = 0): Promise<DataDirectoryLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return tryLockDataDirectory(dataDirectory);
    } catch (error) {
      if (!(error instanceof DatabaseError) || error.kind !== 'locked' || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function tryLockDataDirectory(dataDirectory: string): DataDirectoryLock {
  mkdirSync(dataDirectory, { recursive: true });
  const lockPath = join(dataDirectory, 'agentloom.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(lockPath, 'wx', 0o600);
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return { release: () => releaseIfOwned(lockPath) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseError(
          'locked',
          `The embedded database in ${dataDirectory} is already open in process ${owner}. ` +
            'Stop that process, or reach the database through it (npm run db:serve), or use a Postgres server with DATABASE_URL.',
        );
      }
      // Stale lock (its owner is gone) or one this process left behind: take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseError('locked', `Could not lock the embedded database in ${dataDirectory}.`);
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOwned(lockPath: string): void {
  if (readOwner(lockPath) === process.pid) rmSync(lockPath, { force: true });
}
