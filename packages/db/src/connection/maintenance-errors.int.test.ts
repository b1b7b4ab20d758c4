import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '../testing';
import { openDatabase, type Database } from './open-database';

/**
 * PGlite's maintenance tick (checkpoints, statistics: ADR 0060, 0090) runs on a timer, where nobody
 * awaits it: a failure must reach the opener's observer (the platform logs it), and the database must
 * stay usable and the next tick try again.
 */
describe('openDatabase (embedded): a failed maintenance tick', () => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;
  const errors: unknown[] = [];
  let wake: () => void = () => undefined;

  /** Resolves once the observer has heard of `count` failures in all. */
  const failures = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (errors.length >= count ? resolve() : (wake = check));
      check();
    });

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig('embedded');
    database = await openDatabase(
      { ...testDatabase.config, maintenanceIntervalMs: 20 },
      {
        onMaintenanceError: (error) => {
          errors.push(error);
          wake();
        },
      },
    );
  });

  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  it('is reported to the observer, and the database keeps answering', async () => {
    // Every tick first reads the WAL written since the last checkpoint from pg_control_checkpoint();
    // with public searched before pg_catalog, this function answers that read with an error.
    await database.statements.execute(
      `CREATE FUNCTION public.pg_control_checkpoint() RETURNS TABLE (redo_lsn pg_lsn) LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'maintenance refused by the test'; END $$`,
    );
    await database.statements.execute('SET search_path = public, pg_catalog');

    await failures(2);
    expect(errors[0]).toBeInstanceOf(Error);
    expect((errors[0] as Error).message).toContain('maintenance refused by the test');

    await database.statements.execute('RESET search_path');
    await database.statements.execute('DROP FUNCTION public.pg_control_checkpoint()');
    const [row] = await database.statements.query<{ answer: number }>('SELECT 1 AS answer');
    expect(row?.answer).toBe(1);
    expect(await database.prisma.tenant.count()).toBeGreaterThanOrEqual(0);
  });
});
