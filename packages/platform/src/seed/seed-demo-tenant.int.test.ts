import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Logger } from '../logging/logger';
import { logAdminKeyLocation, seedDemoTenant } from './seed-demo-tenant';

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
}

/**
 * docker compose: the console runs as `node` and its data directory is a fresh volume it may not be
 * able to write (or the disk is full). The tenant and the key's hash are committed before the file
 * is written, so a write that throws before the key is logged loses the only admin key for good.
 */
describe('seeding the demo tenant into an unwritable data directory (embedded)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase((await createTestDatabaseConfig('embedded')).config);
  });
  afterAll(() => database?.close());

  it('shows the key, warns about the file, and later starts do not claim the missing file', async () => {
    // A regular file where the data directory should be: mkdir fails (ENOTDIR) as it would with EACCES.
    const blocker = join(mkdtempSync(join(tmpdir(), 'seed-unwritable-')), 'not-a-directory');
    writeFileSync(blocker, '');
    const keyPath = join(blocker, 'data', 'admin-key');
    const first = recordingLogger();

    const seed = await seedDemoTenant(database, keyPath, first);

    expect(seed.seeded).toBe(true);
    expect(seed.adminKey).toMatch(/^al_/);
    expect(first.lines.some((line) => line.startsWith('info ') && line.includes(seed.adminKey!))).toBe(true);
    const warning = first.lines.find((line) => line.startsWith('warn '));
    expect(warning).toContain(keyPath);
    expect(warning).toContain('ENOTDIR');

    const later = recordingLogger();
    expect(await seedDemoTenant(database, keyPath, later)).toEqual({ seeded: false });
    logAdminKeyLocation(keyPath, later);
    expect(later.lines).toEqual([`info Sign in with an API key; the first admin key was shown in the log of the first start (${keyPath} does not exist)`]);
  });

  it('points later starts at the key file when it was written', () => {
    const keyPath = join(mkdtempSync(join(tmpdir(), 'seed-written-')), 'admin-key');
    writeFileSync(keyPath, 'al_example\n');
    const logger = recordingLogger();
    logAdminKeyLocation(keyPath, logger);
    expect(logger.lines).toEqual([`info Sign in with an API key; the first admin key was saved to ${keyPath}`]);
  });
});
