import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabaseConfig, databaseModes, repositoryMigrationsDirectory, type TestDatabaseConfig } from '../testing';
import { openDatabase, type Database } from './open-database';

describe.each(databaseModes)('openDatabase (%s)', (mode) => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig(mode, { unmigrated: true });
    database = await openDatabase(testDatabase.config);
  });

  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  it('applies every migration and reports none pending', async () => {
    const status = await database.migrationStatus();
    expect(status.pending).toEqual([]);
    expect(status.applied.length).toBeGreaterThanOrEqual(2);
    expect(database.newlyAppliedMigrations).toEqual(status.applied);
  });

  it('reports pgvector as the mode allows (PGlite has it, the local PG 15 server does not)', () => {
    if (mode === 'embedded') {
      expect(database.vector).toMatchObject({ available: true, fix: null });
    } else {
      expect(database.vector.available).toBe(false);
      expect(database.vector.fix).toMatch(/docker\/compose\.yaml/);
    }
  });

  it('fills the full-text column from key and content by trigger', async () => {
    const tenant = await database.prisma.tenant.create({ data: { slug: `t-${mode}`, name: 'T' } });
    await database.prisma.memoryItem.create({
      data: { tenantId: tenant.id, scope: 'agent', scopeId: 'a', kind: 'fact', key: 'user.language', content: 'The user prefers Portuguese answers' },
    });
    const rows = await database.sql.query<{ content: string }>(
      `SELECT content FROM memory_items WHERE tenant_id = $1::uuid AND search_vector @@ plainto_tsquery('english', $2)`,
      tenant.id,
      'portuguese',
    );
    expect(rows).toEqual([{ content: 'The user prefers Portuguese answers' }]);
  });

  it('delivers notifications sent inside a transaction after it commits', async () => {
    const received: string[] = [];
    const release = await database.notifications.listen('agentloom_test_channel', { onNotification: (payload) => received.push(payload) });
    await database.prisma.$transaction(async (transaction) => {
      await transaction.$executeRawUnsafe("SELECT pg_notify('agentloom_test_channel', 'hello')");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([]);
    });
    await expect.poll(() => received, { timeout: 5_000 }).toEqual(['hello']);
    await release();
  });

  it('listens on many channels started together, one command at a time on the connection', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const channels = Array.from({ length: 12 }, (_, index) => `agentloom_test_many_${index}`);
    const received = new Set<string>();
    try {
      const releases = await Promise.all(channels.map((channel) => database.notifications.listen(channel, { onNotification: (payload) => received.add(payload) })));
      for (const channel of channels) await database.prisma.$executeRawUnsafe(`SELECT pg_notify('${channel}', '${channel}')`);
      await expect.poll(() => received.size, { timeout: 10_000 }).toBe(channels.length);
      await Promise.all(releases.map((release) => release()));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a handler that throws neither escapes the connection nor starves the handlers after it', async () => {
    const received: string[] = [];
    const releaseThrowing = await database.notifications.listen('agentloom_test_throwing', {
      onNotification: () => {
        throw new Error('a buggy handler');
      },
    });
    const release = await database.notifications.listen('agentloom_test_throwing', { onNotification: (payload) => received.push(payload) });
    await database.prisma.$executeRawUnsafe("SELECT pg_notify('agentloom_test_throwing', 'still delivered')");
    await expect.poll(() => received, { timeout: 5_000 }).toEqual(['still delivered']);
    await release();
    await releaseThrowing();
  });

  it('opens an already migrated database without applying anything again', async () => {
    if (mode === 'embedded') return; // in-memory databases do not outlive their instance
    const again = await openDatabase(testDatabase.config);
    try {
      expect(again.newlyAppliedMigrations).toEqual([]);
    } finally {
      await again.close();
    }
  });
});

describe('openDatabase (errors)', () => {
  it('refuses a URL with the wrong scheme naming the field', async () => {
    await expect(openDatabase({ url: 'mysql://x', migrationsDirectory: repositoryMigrationsDirectory })).rejects.toThrow(
      /Invalid database url: must start with postgresql:\/\//,
    );
  });

  it('fails fast with one clear line when the server is unreachable', async () => {
    const started = Date.now();
    await expect(
      openDatabase({ url: 'postgresql://postgres@127.0.0.1:1/nowhere', migrationsDirectory: repositoryMigrationsDirectory, connectTimeoutMs: 2_000 }),
    ).rejects.toThrow(/Cannot connect to the Postgres server at 127\.0\.0\.1:1\/nowhere/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('embedded data directory', () => {
  const directory = mkdtempSync(join(tmpdir(), 'agentloom-db-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps data across close and reopen, and refuses a second opener while open', async () => {
    const first = await openDatabase({ dataDirectory: directory, migrationsDirectory: repositoryMigrationsDirectory });
    await first.prisma.tenant.create({ data: { slug: 'kept', name: 'Kept' } });
    // A second opener in another process would corrupt the directory; the lock refuses it. We
    // simulate the other process by writing a live foreign pid (our parent) into the lock file.
    await first.close();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(directory, 'agentloom.lock'), String(process.ppid));
    await expect(openDatabase({ dataDirectory: directory, migrationsDirectory: repositoryMigrationsDirectory, lockWaitMs: 500 })).rejects.toThrow(
      /already open in process/,
    );
    rmSync(join(directory, 'agentloom.lock'));
    const second = await openDatabase({ dataDirectory: directory, migrationsDirectory: repositoryMigrationsDirectory });
    try {
      expect(await second.prisma.tenant.findUnique({ where: { slug: 'kept' } })).not.toBeNull();
      expect(second.newlyAppliedMigrations).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
