import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../connection/open-database';
import { readMigrationFiles } from '../migrations/migration-files';
import { migratedEmbeddedArchive } from './embedded-template';
import { createTestDatabaseConfig, databaseModes, repositoryMigrationsDirectory, type TestDatabaseConfig } from './test-databases';

describe.each(databaseModes)('test databases copied from a migrated template (%s)', (mode) => {
  const opened: { database: Database; testDatabase: TestDatabaseConfig }[] = [];
  async function open(): Promise<Database> {
    const testDatabase = await createTestDatabaseConfig(mode);
    const database = await openDatabase(testDatabase.config);
    opened.push({ database, testDatabase });
    return database;
  }
  afterAll(async () => {
    for (const { database, testDatabase } of opened) {
      await database.close();
      await testDatabase.dispose();
    }
  });

  it('start with every migration applied, so opening applies none', async () => {
    const database = await open();
    const names = (await readMigrationFiles(repositoryMigrationsDirectory)).map((file) => file.name);
    expect(database.newlyAppliedMigrations).toEqual([]);
    expect(await database.migrationStatus()).toEqual({ applied: names, pending: [] });
  });

  it('are separate databases: a row written in one is not in another', async () => {
    const first = await open();
    const second = await open();
    await first.prisma.tenant.create({ data: { slug: 'only-in-first', name: 'First' } });
    expect(await first.prisma.tenant.count({ where: { slug: 'only-in-first' } })).toBe(1);
    expect(await second.prisma.tenant.count()).toBe(0);
    const third = await open();
    expect(await third.prisma.tenant.count()).toBe(0);
  });
});

describe('an initial data directory', () => {
  const directories: string[] = [];
  function newDirectory(): string {
    const directory = mkdtempSync(join(tmpdir(), 'agentloom-initial-'));
    directories.push(directory);
    return directory;
  }
  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  it('starts a new database on disk already migrated, and the database stays there', async () => {
    const directory = newDirectory();
    const archive = await migratedEmbeddedArchive(repositoryMigrationsDirectory);
    const first = await openDatabase({ dataDirectory: directory, migrationsDirectory: repositoryMigrationsDirectory, initialDataDirectory: archive });
    expect(first.newlyAppliedMigrations).toEqual([]);
    await first.prisma.tenant.create({ data: { slug: 'kept', name: 'Kept' } });
    await first.close();
    const again = await openDatabase({ dataDirectory: directory, migrationsDirectory: repositoryMigrationsDirectory });
    try {
      expect(await again.prisma.tenant.count({ where: { slug: 'kept' } })).toBe(1);
    } finally {
      await again.close();
    }
  });

  it('is refused for a data directory that already holds a database, which it would replace', async () => {
    const directory = newDirectory();
    const archive = await migratedEmbeddedArchive(repositoryMigrationsDirectory);
    const existing = await openDatabase({ dataDirectory: directory, migrationsDirectory: repositoryMigrationsDirectory, initialDataDirectory: archive });
    await existing.prisma.tenant.create({ data: { slug: 'existing', name: 'Existing' } });
    await existing.close();
    const refused = openDatabase({ dataDirectory: directory, migrationsDirectory: repositoryMigrationsDirectory, initialDataDirectory: archive });
    await expect(refused).rejects.toThrow(/already holds a database/);
    await expect(refused).rejects.toHaveProperty('kind', 'invalid-config');
    const after = await openDatabase({ dataDirectory: directory, migrationsDirectory: repositoryMigrationsDirectory });
    try {
      expect(await after.prisma.tenant.count({ where: { slug: 'existing' } })).toBe(1);
    } finally {
      await after.close();
    }
  });

  it('is refused for a server, before any connection is tried', async () => {
    // No server listens on port 1: an open that got past the check would fail as `unreachable`.
    const refused = openDatabase({
      url: 'postgresql://postgres@127.0.0.1:1/never',
      migrationsDirectory: repositoryMigrationsDirectory,
      initialDataDirectory: await migratedEmbeddedArchive(repositoryMigrationsDirectory),
    });
    await expect(refused).rejects.toThrow(/initialDataDirectory/);
    await expect(refused).rejects.toHaveProperty('kind', 'invalid-config');
  });
});
