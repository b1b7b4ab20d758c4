import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../connection/open-database';
import { createTestDatabaseConfig, type TestDatabaseConfig } from '../testing';

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

describe('start-up migrations and Prisma Migrate agree (server)', () => {
  let testDatabase: TestDatabaseConfig;

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig('server', { unmigrated: true });
    const database = await openDatabase(testDatabase.config);
    await database.close();
  });
  afterAll(() => testDatabase?.dispose());

  it('prisma migrate status reports the database up to date after our runner applied the migrations', async () => {
    const { stdout } = await run(process.execPath, ['tools/prisma-schema-engine/bin/prisma.mjs', 'migrate', 'status', '--config', 'prisma.config.ts'], {
      cwd: repositoryRoot,
      env: { ...process.env, DATABASE_URL: testDatabase.config.url },
    });
    expect(stdout).toContain('Database schema is up to date!');
  }, 120_000);
});
