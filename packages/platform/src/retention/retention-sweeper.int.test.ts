import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { rowsOfRun, rowsOfTenant } from '../erase/testing/snapshot-rows';
import { createTenantAdmin, createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
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

/**
 * What a sweep must leave alone: runs that are not finished, runs whose episode is not written yet,
 * runs newer than their own tenant's period, every run of a tenant without retention, memory that
 * expired within the period or never expires, and every row of other tenants. And a sweep is bounded:
 * `limit` runs at most, the oldest first (README, mutation testing: each filter below is one a
 * one-word slip would turn into erasing what a tenant keeps).
 */
describe.each(databaseModes)('retention sweep boundaries (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let keeper: Principal;
  let patient: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    keeper = await createTenantAdmin(test, { slug: 'keeps-everything' });
    patient = await createTenantAdmin(test, { slug: 'keeps-thirty-days', retentionDays: 30 });
  }, 600_000);
  afterAll(() => test?.dispose());

  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

  /**
   * Run rows written directly, with no executor started: this platform's own maintenance would sweep
   * them while the test arranges them (it erases through the same function on every recovery tick).
   */
  async function runRow(owner: Principal, status: 'succeeded' | 'failed' | 'cancelled' | 'waiting_human', finishedDaysAgo: number): Promise<string> {
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, { tenantId: owner.tenantId, slug: `retention-${randomUUID().slice(0, 8)}`, config: { tools: [] } });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId }, select: { id: true } });
    const run = await prisma.run.create({
      data: { tenantId: owner.tenantId, agentId, agentVersionId: version.id, input: { text: `finished ${finishedDaysAgo} days ago` }, status, finishedAt: daysAgo(finishedDaysAgo) },
      select: { id: true },
    });
    return run.id;
  }

  async function memoryItem(owner: Principal, expiresDaysAgo: number | null): Promise<string> {
    const item = await test.platform.database.prisma.memoryItem.create({
      data: {
        tenantId: owner.tenantId,
        scope: 'user',
        scopeId: 'retention-user',
        kind: 'fact',
        content: `expires ${expiresDaysAgo ?? 'never'}`,
        expiresAt: expiresDaysAgo === null ? null : daysAgo(expiresDaysAgo),
      },
      select: { id: true },
    });
    return item.id;
  }

  it('erases only finished, settled runs past their own tenant period, the oldest first and at most `limit` per sweep', async () => {
    const { prisma } = test.platform.database;
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { retentionDays: 1 } });
    // Written out of age order, so only the sweep's own ordering can put the oldest first.
    const old = await runRow(principal, 'cancelled', 3);
    const oldest = await runRow(principal, 'succeeded', 5);
    const older = await runRow(principal, 'failed', 4);
    const recent = await runRow(principal, 'succeeded', 0);
    // Finished long ago, but its episode is still to be written from it.
    const unsettled = await runRow(principal, 'succeeded', 6);
    await prisma.run.update({ where: { id: unsettled }, data: { episodePending: true } });
    // Waiting for a human, with a finish time from long ago: the sweep judges a run by its status.
    const waiting = await runRow(principal, 'waiting_human', 7);
    const keptByKeeper = await runRow(keeper, 'succeeded', 400);
    const keptByPatient = await runRow(patient, 'succeeded', 10);
    const expired = await memoryItem(principal, 3);
    const expiredWithinPeriod = await memoryItem(principal, 0.5);
    const neverExpires = await memoryItem(principal, null);
    const keepersExpired = await memoryItem(keeper, 400);
    const patientsExpiredWithinPeriod = await memoryItem(patient, 10);
    const keeperRows = await rowsOfTenant(test.platform.database, keeper.tenantId);
    const patientRows = await rowsOfTenant(test.platform.database, patient.tenantId);
    const runsLeft = async () =>
      (await prisma.run.findMany({ where: { id: { in: [oldest, older, old, recent, unsettled, waiting] } }, select: { id: true } })).map((run) => run.id).sort();

    expect(await sweepRetention(test.platform.database, test.platform.erase, silentLogger, { limit: 2 })).toBe(2);
    expect(await runsLeft()).toEqual([old, recent, unsettled, waiting].sort());

    expect(await sweepRetention(test.platform.database, test.platform.erase, silentLogger, { limit: 10 })).toBe(1);
    expect(await runsLeft()).toEqual([recent, unsettled, waiting].sort());
    expect(await sweepRetention(test.platform.database, test.platform.erase, silentLogger, { limit: 10 })).toBe(0);

    const itemsLeft = await prisma.memoryItem.findMany({
      where: { id: { in: [expired, expiredWithinPeriod, neverExpires, keepersExpired, patientsExpiredWithinPeriod] } },
      select: { id: true },
    });
    expect(itemsLeft.map((item) => item.id).sort()).toEqual([expiredWithinPeriod, neverExpires, keepersExpired, patientsExpiredWithinPeriod].sort());
    expect(await prisma.run.count({ where: { id: { in: [keptByKeeper, keptByPatient] } } })).toBe(2);
    expect(await rowsOfTenant(test.platform.database, keeper.tenantId)).toEqual(keeperRows);
    expect(await rowsOfTenant(test.platform.database, patient.tenantId)).toEqual(patientRows);
    // Each erase is its own audit record, the system's, and the sweep erased what an operator's erase erases.
    const audits = await prisma.auditLog.findMany({ where: { action: 'run.erase', targetId: { in: [oldest, older, old] } }, select: { actorType: true, actorId: true } });
    expect(audits).toEqual([0, 1, 2].map(() => ({ actorType: 'system', actorId: 'retention' })));
    for (const runId of [oldest, older, old]) {
      // Nothing of the run is left but the record of its erase.
      const { 'public.audit_logs': auditRows, ...left } = await rowsOfRun(test.platform.database, runId);
      expect(Object.values(left).flat()).toEqual([]);
      expect(auditRows?.map((row) => (JSON.parse(row) as { action: string }).action)).toEqual(['run.erase']);
    }
  });

  it('counts a sweep’s limit across tenants: what one tenant erased, the next one may not', async () => {
    const { prisma } = test.platform.database;
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { retentionDays: 1 } });
    // Runs past their period in two tenants, two each. Whichever tenant the sweep visits first, the
    // second may erase only what is left of the limit.
    const candidates = [
      await runRow(principal, 'succeeded', 8),
      await runRow(principal, 'succeeded', 9),
      await runRow(patient, 'succeeded', 40),
      await runRow(patient, 'failed', 50),
    ];
    expect(await sweepRetention(test.platform.database, test.platform.erase, silentLogger, { limit: 3 })).toBe(3);
    expect(await prisma.run.count({ where: { id: { in: candidates } } })).toBe(1);
    expect(await sweepRetention(test.platform.database, test.platform.erase, silentLogger, { limit: 3 })).toBe(1);
    expect(await prisma.run.count({ where: { id: { in: candidates } } })).toBe(0);
  });
});
