import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { domainErrorOf } from './domain-error-of';

/**
 * A foreign-key violation (a row the request names was erased or deleted while the request wrote
 * beside it) used to reach the client as a 500 `internal`. The writers that race an erase share-lock
 * what they reference (ADR 0104); behind them, the error mapping every transport uses answers
 * `conflict`, whichever way the database's refusal arrives: Prisma's P2003, P2010 around a raw
 * query's 23503, or the driver's 23503 itself.
 */
describe.each(databaseModes)('foreign-key violations as domain errors (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('maps P2003, a raw query’s 23503 and the driver’s 23503 to `conflict`', async () => {
    const { prisma, sql } = test.platform.database;
    const goneRunId = randomUUID();
    const message = { tenantId: principal.tenantId, runId: goneRunId, index: 0, role: 'user' as const, content: 'on a run that is gone' };
    const insert = `INSERT INTO messages (id, tenant_id, run_id, index, role, content) VALUES ($1::uuid, $2::uuid, $3::uuid, 0, 'user', 'x')`;
    const errors = {
      prisma: await prisma.message.create({ data: message }).catch((error: unknown) => error),
      rawThroughPrisma: await prisma.$executeRawUnsafe(insert, randomUUID(), principal.tenantId, goneRunId).catch((error: unknown) => error),
      driver: await sql.execute(insert, randomUUID(), principal.tenantId, goneRunId).catch((error: unknown) => error),
    };
    for (const [path, error] of Object.entries(errors)) {
      expect(error, path).toBeInstanceOf(Error);
      expect(domainErrorOf(error), path).toMatchObject({ kind: 'conflict', message: expect.stringContaining('was removed') as unknown });
    }
  });
});
