import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { sweepRetention } from './retention-sweeper';

describe.each(databaseModes)('retention sweep (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  it('erases finished runs older than the tenant retention, audit-logged as the system, and keeps newer ones', async () => {
    const { prisma } = test.platform.database;
    const agent = await prisma.agent.findFirstOrThrow({ where: { tenantId: principal.tenantId, slug: 'demo-researcher' } });
    const create = async () => (await test.platform.runs.create(principal, { agentId: agent.id, input: 'Why are durable runs useful?' })).run.id;
    const [old, recent] = [await create(), await create()];
    for (const runId of [old, recent])
      await expect.poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 30_000 }).toBe('succeeded');
    await expect.poll(() => prisma.run.count({ where: { id: { in: [old, recent] }, episodePending: true } }), { timeout: 30_000 }).toBe(0);
    await prisma.run.update({ where: { id: old }, data: { finishedAt: new Date(Date.now() - 3 * 86_400_000) } });
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { retentionDays: 1 } });

    expect(await sweepRetention(test.platform.database, test.platform.erase, silentLogger, { limit: 10 })).toBe(1);
    expect(await prisma.run.findMany({ where: { id: { in: [old, recent] } }, select: { id: true } })).toEqual([{ id: recent }]);
    expect(await prisma.message.count({ where: { runId: old } })).toBe(0);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: 'run.erase', targetId: old } });
    expect(audit).toMatchObject({ actorType: 'system', actorId: 'retention' });
  });
});
