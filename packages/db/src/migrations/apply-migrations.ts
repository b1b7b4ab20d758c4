import { randomUUID } from 'node:crypto';

import { DatabaseError } from '../connection/database-error';
import { readMigrationFiles, type MigrationFile } from './migration-files';
import type { SqlDriver } from './sql-driver';

/** Same key as Prisma Migrate's own lock, so our start-up runner and `prisma migrate deploy` exclude each other. */
const prismaMigrateAdvisoryLockKey = 72707369;

// Prisma Migrate's bookkeeping table, byte-for-byte its definition, so `prisma migrate status/deploy`
// agree with what we applied.
const createMigrationsTable = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

/**
 * Applies every migration not yet recorded, each in its own transaction, under Prisma's advisory
 * lock (several processes starting at once apply them once). Refuses to continue past a migration
 * that failed before or whose file changed after it was applied.
 */
export async function applyMigrations(
  driver: SqlDriver,
  directory: string,
): Promise<MigrationStatus & { newlyApplied: string[] }> {
  const files = await readMigrationFiles(directory);
  await driver.query('SELECT pg_advisory_lock($1)', [prismaMigrateAdvisoryLockKey]);
  try {
    await driver.exec(createMigrationsTable);
    const applied = await readApplied(driver);
    const newlyApplied: string[] = [];
    for (const file of files) {
      const existing = applied.get(file.name);
      if (existing) {
        assertConsistent(file, existing);
        continue;
      }
      await applyOne(driver, file);
      newlyApplied.push(file.name);
    }
    return { applied: files.map((file) => file.name), pending: [], newlyApplied };
  } finally {
    await driver.query('SELECT pg_advisory_unlock($1)', [prismaMigrateAdvisoryLockKey]);
  }
}

/** What is applied and what is pending, without changing anything. */
export async function readMigrationStatus(driver: SqlDriver, directory: string): Promise<MigrationStatus> {
  const files = await readMigrationFiles(directory);
  const tableExists = await driver.query<{ exists: boolean }>(
    "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists",
  );
  const applied = tableExists[0]?.exists ? await readApplied(driver) : new Map<string, AppliedRow>();
  return {
    applied: files.filter((file) => applied.get(file.name)?.finished_at).map((file) => file.name),
    pending: files.filter((file) => !applied.get(file.name)?.finished_at).map((file) => file.name),
  };
}

async function readApplied(driver: SqlDriver): Promise<Map<string, AppliedRow>> {
  const rows = await driver.query<AppliedRow>(
    'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
  );
  return new Map(rows.map((row) => [row.migration_name, row]));
}

function assertConsistent(file: MigrationFile, applied: AppliedRow): void {
  if (!applied.finished_at) {
    throw new DatabaseError(
      'migration-failed',
      `Migration ${file.name} failed earlier and was never finished; fix the database, then mark it with \`prisma migrate resolve\`.`,
    );
  }
  if (applied.checksum !== file.checksum) {
    throw new DatabaseError(
      'migration-failed',
      `Migration ${file.name} was edited after it was applied (checksum differs); restore the file or create a new migration.`,
    );
  }
}

async function applyOne(driver: SqlDriver, file: MigrationFile): Promise<void> {
  const id = randomUUID();
  try {
    await driver.exec('BEGIN');
    await driver.exec(file.script);
    await driver.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [id, file.checksum, file.name],
    );
    await driver.exec('COMMIT');
  } catch (error) {
    await driver.exec('ROLLBACK').catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseError('migration-failed', `Migration ${file.name} failed: ${reason}`, { cause: error });
  }
}
