import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { inMemoryDataDirectory, type DatabaseConfig } from '../connection/database-config';
import type { DatabaseMode } from '../connection/open-database';

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

/** A fresh, empty database in the given mode: in-memory PGlite, or a new database on the test server. */
export async function createTestDatabaseConfig(mode: DatabaseMode): Promise<TestDatabaseConfig> {
  if (mode === 'embedded') {
    return {
      config: { dataDirectory: inMemoryDataDirectory, migrationsDirectory: repositoryMigrationsDirectory },
      dispose: () => Promise.resolve(),
    };
  }
  const name = `agentloom_test_${randomBytes(6).toString('hex')}`;
  await administer(`CREATE DATABASE ${name}`);
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    config: { url: url.toString(), migrationsDirectory: repositoryMigrationsDirectory },
    dispose: () => administer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
