import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { inMemoryDataDirectory, type DatabaseConfig } from '../connection/database-config';
import type { DatabaseMode } from '../connection/open-database';
import { migratedEmbeddedArchive } from './embedded-template';
import { administer, databaseUrl, migratedServerTemplate } from './server-template';

/** The repository's migrations, for tests. */
export const repositoryMigrationsDirectory = fileURLToPath(new URL('../../../../prisma/migrations', import.meta.url));

/**
 * Server used by integration tests. CI and our machines run PostgreSQL on 127.0.0.1:5432 with trust
 * auth; point AGENTLOOM_TEST_DATABASE_URL elsewhere to use another server.
 */
export function testServerUrl(): string {
  return process.env.AGENTLOOM_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
}

export const databaseModes: readonly DatabaseMode[] = ['embedded', 'server'];

export interface TestDatabaseConfig {
  config: DatabaseConfig;
  /** Drops the server database (no-op in embedded mode, which lives in memory). */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * An empty database that `openDatabase` migrates itself, for tests of the migrations and of
   * opening. By default the database starts as a copy of one already migrated (the repository's
   * migrations), which is several seconds faster per database.
   */
  unmigrated?: boolean;
}

/** A fresh database in the given mode, of its own: in-memory PGlite, or a new database on the test server. */
export async function createTestDatabaseConfig(mode: DatabaseMode, options: TestDatabaseOptions = {}): Promise<TestDatabaseConfig> {
  if (mode === 'embedded') {
    return {
      config: {
        dataDirectory: inMemoryDataDirectory,
        migrationsDirectory: repositoryMigrationsDirectory,
        ...(options.unmigrated ? {} : { initialDataDirectory: await migratedEmbeddedArchive(repositoryMigrationsDirectory) }),
      },
      dispose: () => Promise.resolve(),
    };
  }
  const serverUrl = testServerUrl();
  const name = `agentloom_test_${randomBytes(6).toString('hex')}`;
  const template = options.unmigrated ? undefined : await migratedServerTemplate(serverUrl, repositoryMigrationsDirectory);
  await administer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return {
    config: { url: databaseUrl(serverUrl, name), migrationsDirectory: repositoryMigrationsDirectory },
    dispose: async () => {
      await administer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
