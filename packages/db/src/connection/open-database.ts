import { PrismaClient } from '../generated/prisma/client';
import { createEmbeddedListener } from '../notifications/embedded-listener';
import type { NotificationListener } from '../notifications/notification-listener';
import { createServerListener } from '../notifications/server-listener';
import { applyMigrations, readMigrationStatus, type MigrationStatus } from '../migrations/apply-migrations';
import type { SqlDriver } from '../migrations/sql-driver';
import { openServer } from '../server/open-server';
import { ensureVectorSupport, type VectorSupport } from '../vector/vector-support';
import { databaseConfigSchema, type DatabaseConfig } from './database-config';
import { DatabaseError } from './database-error';
import { rawSqlFor, type RawSql } from './raw-sql';
import { capturingTransactions } from './transaction-statements';

export type DatabaseMode = 'embedded' | 'server';

/** An open, migrated database. One per process; share it. */
export interface Database {
  mode: DatabaseMode;
  /** Data directory (embedded) or host:port/database (server). */
  location: string;
  prisma: PrismaClient;
  sql: RawSql;
  /**
   * Single statements straight through the driver (the pg pool, or the PGlite session), skipping the
   * Prisma client's request pipeline: for the run's hot-path transitions (ADR 0014), each one atomic
   * statement. Never for work inside a Prisma transaction (it would run outside it).
   */
  statements: RawSql;
  vector: VectorSupport;
  /** Postgres LISTEN/NOTIFY (in-process for PGlite); send with `SELECT pg_notify(channel, payload)`. */
  notifications: NotificationListener;
  /** Migrations applied by this open (empty when the database was already up to date). */
  newlyAppliedMigrations: string[];
  migrationStatus(): Promise<MigrationStatus>;
  serverVersion(): Promise<string>;
  close(): Promise<void>;
}

/** What the opener tells its caller about work it does in the background. */
export interface DatabaseObserver {
  /**
   * Embedded mode: a maintenance tick failed (a checkpoint or an ANALYZE). The database stays open and
   * the next tick tries again; without this the failure is not reported anywhere.
   */
  onMaintenanceError?(error: unknown): void;
}

/**
 * Opens the database in the mode the config selects, applies pending migrations (under Prisma's
 * advisory lock on a server), prepares vector support where pgvector exists, and returns the client.
 */
export async function openDatabase(config: DatabaseConfig, observer: DatabaseObserver = {}): Promise<Database> {
  const parsed = databaseConfigSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatabaseError('invalid-config', `Invalid database ${issue?.path.join('.') ?? 'config'}: ${issue?.message ?? 'invalid'}`);
  }
  const resolved = parsed.data;
  if (resolved.initialDataDirectory && resolved.url) {
    throw new DatabaseError('invalid-config', 'Invalid database initialDataDirectory: only an embedded database starts from an archive, not a server (url)');
  }
  if (resolved.url) {
    const server = await openServer(resolved.url, resolved);
    return finishOpening({
      mode: 'server',
      location: server.location,
      adapter: server.adapter,
      withDriver: (work) => server.withDriver(work),
      statements: server.statements,
      createListener: () => createServerListener(resolved.url!, resolved.connectTimeoutMs),
      migrationsDirectory: resolved.migrationsDirectory,
      closeConnection: () => server.close(),
    });
  }
  // Loaded only in embedded mode: a server-mode process (every worker) never loads PGlite.
  const { openEmbedded } = await import('../embedded/open-embedded');
  const { startEmbeddedMaintenance } = await import('../embedded/embedded-maintenance');
  const embedded = await openEmbedded(resolved.dataDirectory, resolved.lockWaitMs, resolved.initialDataDirectory);
  // Started after the migrations (finishOpening), so its first look sees the tables.
  let maintenance: { stop(): Promise<void> } | undefined;
  return finishOpening({
    mode: 'embedded',
    location: embedded.location,
    adapter: embedded.adapter,
    withDriver: (work) => work(embedded.driver),
    statements: embedded.statements,
    createListener: () => createEmbeddedListener(embedded.pglite),
    migrationsDirectory: resolved.migrationsDirectory,
    closeConnection: async () => {
      await maintenance?.stop();
      await embedded.close();
    },
    afterOpening: () => {
      maintenance = startEmbeddedMaintenance(embedded.statements, {
        intervalMs: resolved.maintenanceIntervalMs,
        checkpointAfterWalBytes: resolved.checkpointAfterWalBytes,
        ...(observer.onMaintenanceError ? { onError: (error: unknown) => observer.onMaintenanceError?.(error) } : {}),
      });
    },
  });
}

interface OpenedConnection {
  mode: DatabaseMode;
  location: string;
  adapter: NonNullable<ConstructorParameters<typeof PrismaClient>[0]['adapter']>;
  withDriver<T>(work: (driver: SqlDriver) => Promise<T>): Promise<T>;
  statements: RawSql;
  createListener(): NotificationListener;
  migrationsDirectory: string;
  closeConnection(): Promise<void>;
  /** Background work that needs the migrated database (embedded: the periodic ANALYZE). */
  afterOpening?(): void;
}

async function finishOpening(connection: OpenedConnection): Promise<Database> {
  try {
    const { newlyApplied } = await connection.withDriver((driver) =>
      applyMigrations(driver, connection.migrationsDirectory),
    );
    const vector = await connection.withDriver(ensureVectorSupport);
    // Prisma waits 2 s by default for a connection to start an interactive transaction; under a
    // burst (fifty decisions on one approval) requests queue for the pool longer than that and failed
    // as P2028 although each transaction is short. Waiting longer turns contention into a queue;
    // a database that is really down still fails fast (connect timeout) and maps to 503.
    const prisma = new PrismaClient({ adapter: capturingTransactions(connection.adapter), transactionOptions: { maxWait: 10_000 } });
    const notifications = connection.createListener();
    connection.afterOpening?.();
    return {
      mode: connection.mode,
      location: connection.location,
      prisma,
      sql: rawSqlFor(prisma),
      statements: connection.statements,
      vector,
      notifications,
      newlyAppliedMigrations: newlyApplied,
      migrationStatus: () =>
        connection.withDriver((driver) => readMigrationStatus(driver, connection.migrationsDirectory)),
      serverVersion: async () => {
        const rows = await prisma.$queryRawUnsafe<{ server_version: string }[]>('SHOW server_version');
        return rows[0]?.server_version ?? 'unknown';
      },
      close: async () => {
        await notifications.close();
        await prisma.$disconnect();
        await connection.closeConnection();
      },
    };
  } catch (error) {
    await connection.closeConnection().catch(() => undefined);
    throw error;
  }
}

export { DatabaseError };
