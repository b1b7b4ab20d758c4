import { z } from 'zod';

/**
 * How to reach the database. Apps build this from their validated env; packages never read env.
 * - `url` set → server mode (any Postgres reachable by URL, through the pg driver adapter);
 * - `url` unset → embedded mode (PGlite + pgvector in this process), persisted in
 *   `dataDirectory`, or in memory when `dataDirectory` is `memory://`.
 */
export const databaseConfigSchema = z.object({
  url: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), {
      message: 'must start with postgresql:// or postgres://',
    })
    .optional(),
  dataDirectory: z.string().min(1).default('.agentloom'),
  /** Folder holding Prisma Migrate's `<timestamp>_<name>/migration.sql` folders. */
  migrationsDirectory: z.string().min(1),
  /**
   * Embedded mode: a data directory archive (PGlite `dumpDataDir`) to start a new database from
   * instead of an empty cluster; pending migrations still run on it. Tests use it to skip initdb and
   * the migrations (a fresh PGlite spends ~4 s of CPU on them). Refused for a data directory that
   * already holds a database, which it would otherwise replace.
   */
  initialDataDirectory: z.instanceof(Blob).optional(),
  /** Embedded mode: how long to wait for another process to release the data directory (restarts). */
  lockWaitMs: z.number().int().min(0).default(10_000),
  /**
   * Embedded mode: how often to look for maintenance a server would do on its own (PGlite has no
   * autovacuum and no checkpointer): a checkpoint, or the statistics of a hot table; 0 turns it off.
   */
  maintenanceIntervalMs: z.number().int().min(0).default(30_000),
  /** Embedded mode: a checkpoint is due once this much WAL was written since the last one (bytes). */
  checkpointAfterWalBytes: z.number().int().min(1).default(32 * 1024 * 1024),
  /** Server mode: connection pool size. */
  poolSize: z.number().int().min(1).max(200).default(10),
  /** Server mode: how long to wait for a connection before failing, in milliseconds. */
  connectTimeoutMs: z.number().int().min(100).default(5_000),
});

export type DatabaseConfig = z.input<typeof databaseConfigSchema>;
export type ResolvedDatabaseConfig = z.output<typeof databaseConfigSchema>;

export const inMemoryDataDirectory = 'memory://';
