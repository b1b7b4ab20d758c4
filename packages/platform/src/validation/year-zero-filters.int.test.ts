import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/** List filters take ISO 8601 instants, whose format allows year 0; Postgres does not, and the query failed with a 500. */
describe.each(databaseModes)('date filters in year 0 (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  }, 300_000);
  afterAll(() => test?.dispose());

  const refusal = async (call: () => Promise<unknown>): Promise<unknown> => {
    try {
      await call();
      return 'ok';
    } catch (error) {
      const { kind, field } = error as { kind?: string; field?: string };
      return { kind: kind ?? (error as Error).constructor.name, field };
    }
  };

  it('refuses them as validation errors naming the field (runs, audit, usage)', async () => {
    expect({
      runs: await refusal(() => test.platform.runs.list(principal, { from: '0000-06-01T00:00:00Z' })),
      audit: await refusal(() => test.platform.audit.list(principal, { to: '0000-06-01' })),
      usage: await refusal(() => test.platform.usage.summary(principal, { from: '0000-01-01', to: '0000-06-01' })),
      yearOne: await refusal(() => test.platform.runs.list(principal, { from: '0001-01-01T00:00:00Z' })),
    }).toEqual({
      runs: { kind: 'validation', field: 'from' },
      audit: { kind: 'validation', field: 'to' },
      usage: { kind: 'validation', field: 'from' },
      yearOne: 'ok',
    });
  });
});
