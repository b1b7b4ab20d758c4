import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Logger } from '../logging/logger';
import { parseOperatorKey } from './operator-key-secret';
import { ensureOperatorKey, rotateOperatorKey, verifyOperatorKey } from './operator-keys';

/** A key path under a regular file: mkdir fails (ENOTDIR), as it does with EACCES for a non-root user. */
function unwritableKeyPath(): string {
  const blocker = join(mkdtempSync(join(tmpdir(), 'operator-key-unwritable-')), 'not-a-directory');
  writeFileSync(blocker, '');
  return join(blocker, 'data', 'operator-key');
}

async function works(database: Database, key: string): Promise<boolean> {
  const parsed = parseOperatorKey(key);
  return parsed !== undefined && (await verifyOperatorKey(database.prisma, parsed.prefix, parsed.secret)).operator !== null;
}

/** The key's hash is committed before the file is written: a write that throws must not lose the plaintext. */
describe('operator key file in an unwritable data directory (embedded)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase((await createTestDatabaseConfig('embedded')).config);
  });
  afterAll(() => database?.close());

  it('logs the created key and warns about the file instead of failing the start', async () => {
    const keyPath = unwritableKeyPath();
    const lines: string[] = [];
    const logger: Logger = {
      info: (message) => lines.push(`info ${message}`),
      warn: (message) => lines.push(`warn ${message}`),
      error: (message) => lines.push(`error ${message}`),
    };
    const bootstrap = await ensureOperatorKey(database, keyPath, logger);
    expect(bootstrap.created).toBe(true);
    expect(lines.some((line) => line.startsWith('info ') && line.includes(bootstrap.operatorKey!))).toBe(true);
    expect(lines.find((line) => line.startsWith('warn '))).toMatch(new RegExp(`${keyPath}.*ENOTDIR`));
  });

  it('rotating still returns the new key, with why the file was not written', async () => {
    const keyPath = unwritableKeyPath();
    const rotated = await rotateOperatorKey(database, keyPath);
    expect(rotated.keyFileFailure).toMatch(/ENOTDIR/);
    expect(await works(database, rotated.operatorKey)).toBe(true);
  });
});
