import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPlatform, type Platform } from './create-platform';
import type { Logger } from './logging/logger';
import { testSecretKey } from './testing';

/** The embedded database's maintenance runs on a timer nobody awaits: its failures go to the platform's log. */
describe('createPlatform (embedded): maintenance failures are logged', () => {
  let testDatabase: TestDatabaseConfig;
  let platform: Platform;
  const warnings: { message: string; data?: Record<string, unknown> }[] = [];
  let wake: () => void = () => undefined;
  const logger: Logger = {
    info: () => undefined,
    error: () => undefined,
    warn: (message, data) => {
      warnings.push({ message, ...(data ? { data } : {}) });
      wake();
    },
  };
  const maintenanceWarning = () => warnings.find((warning) => warning.message.includes('maintenance'));
  const warned = () =>
    new Promise<void>((resolve) => {
      const check = () => (maintenanceWarning() ? resolve() : (wake = check));
      check();
    });

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig('embedded');
    platform = await createPlatform({ database: { ...testDatabase.config, maintenanceIntervalMs: 20 }, logger, secrets: { key: testSecretKey } });
  });

  afterAll(async () => {
    await platform?.close();
    await testDatabase?.dispose();
  });

  it('warns with the failure, and the platform keeps answering', async () => {
    const { statements } = platform.database;
    // Each tick first reads pg_control_checkpoint(); searched before pg_catalog, this one refuses.
    await statements.execute(
      `CREATE FUNCTION public.pg_control_checkpoint() RETURNS TABLE (redo_lsn pg_lsn) LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'maintenance refused by the test'; END $$`,
    );
    await statements.execute('SET search_path = public, pg_catalog');
    await warned();
    await statements.execute('RESET search_path');
    await statements.execute('DROP FUNCTION public.pg_control_checkpoint()');

    const warning = maintenanceWarning();
    expect(warning?.message).toBe('Embedded database maintenance failed; the next tick tries again');
    expect(String(warning?.data?.error)).toContain('maintenance refused by the test');
    expect(await platform.health.report()).toMatchObject({ status: 'ok', database: { mode: 'embedded' } });
  });
});
