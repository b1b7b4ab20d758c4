import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, silentLogger, type TestPlatform } from '../../testing';
import { underScoreSavepoint } from './score-savepoint-sql';

/** A replay scored in its run's last commit (ADR 0071): a failing scorer must not undo the run's outcome. */
describe.each(databaseModes)('scoring behind a savepoint (%s)', (mode) => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    await test.platform.database.prisma.$executeRawUnsafe('CREATE TABLE savepoint_probe (value int NOT NULL)');
  });
  afterAll(() => test?.dispose());

  it('undoes only what the failed work wrote, even after a statement error, and commits the rest', async () => {
    const { prisma } = test.platform.database;
    const outcomes = await prisma.$transaction(async (transaction) => {
      await transaction.$executeRawUnsafe('INSERT INTO savepoint_probe VALUES (1)');
      const failed = await underScoreSavepoint(transaction, async () => {
        await transaction.$executeRawUnsafe('INSERT INTO savepoint_probe VALUES (2)');
        // A statement error aborts the transaction until the savepoint is rolled back to.
        await transaction.$executeRawUnsafe('INSERT INTO savepoint_probe VALUES (NULL)');
      });
      await transaction.$executeRawUnsafe('INSERT INTO savepoint_probe VALUES (3)');
      const succeeded = await underScoreSavepoint(transaction, async () => {
        await transaction.$executeRawUnsafe('INSERT INTO savepoint_probe VALUES (4)');
        return 'scored';
      });
      return { failed: failed.ok, succeeded };
    });
    expect(outcomes).toEqual({ failed: false, succeeded: { ok: true, value: 'scored' } });
    const rows = await prisma.$queryRawUnsafe<{ value: number }[]>('SELECT value FROM savepoint_probe ORDER BY value');
    expect(rows.map((row) => row.value)).toEqual([1, 3, 4]);
  });
});
