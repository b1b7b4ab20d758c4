import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { claimRuns } from '../execution/run-claims';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { createBatchAgent, runningInBatch } from './batch-test-helpers';

/**
 * The claim's scope filters (agentloom_claimable_runs, ADR 0049) in the cases the batch-claims suite
 * does not reach: due waits of a batch beside its queued items, and a full scope's runs queued ahead
 * of other work. One claim at a time, so both database modes.
 */
describe.each(databaseModes)('claim scopes (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  const agents: string[] = [];

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());
  // No executor holds the claimed runs: end every run of this test's agents, so the next test claims only its own.
  afterEach(async () => {
    await test.platform.database.prisma.run.updateMany({
      where: { agentId: { in: agents.splice(0) }, status: { in: ['queued', 'running', 'waiting'] } },
      data: { status: 'cancelled', leaseOwner: null, finishedAt: new Date() },
    });
  });

  const newAgent = async (name: string) => {
    const agentId = await createBatchAgent(test, principal, `${name}-${randomUUID()}`);
    agents.push(agentId);
    return agentId;
  };
  const claim = async (owner: string, limit: number) => (await claimRuns(test.platform.database.statements, owner, limit, 60_000)).map((run) => run.id);

  it('never starts more of a batch than its free slots when due waits and queued items are claimed together', async () => {
    const { prisma } = test.platform.database;
    const agentId = await newAgent('woken');
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 2, items: Array.from({ length: 6 }, (_, index) => `item ${index}`) });
    // Items 0–2 parked in a durable wait that is due now: the claim picks them from the due-wait scan,
    // and items 3–5 from the batch's queue scan.
    await prisma.run.updateMany({ where: { batchId: batch.id, batchItem: { lt: 3 } }, data: { status: 'waiting', wakeAt: new Date(Date.now() - 60_000) } });

    expect(await claim('woken-a', 8)).toHaveLength(2);
    expect(await runningInBatch(test, batch.id)).toBe(2);
    // Full: neither its due wait nor its queued items start.
    expect(await claim('woken-b', 8)).toEqual([]);
    expect(await runningInBatch(test, batch.id)).toBe(2);
  });

  it('a full agent’s older queued runs do not use up the claim’s limit: another agent’s run is claimed', async () => {
    const { prisma } = test.platform.database;
    const full = await newAgent('full');
    const free = await newAgent('free');
    await prisma.agent.update({ where: { id: full }, data: { maxRunningRuns: 1 } });
    await test.platform.runs.create(principal, { agentId: full, input: 'running' });
    expect(await claim('scope-a', 1)).toHaveLength(1);
    for (const index of [0, 1, 2]) await test.platform.runs.create(principal, { agentId: full, input: `waiting for a slot ${index}` });
    const { run } = await test.platform.runs.create(principal, { agentId: free, input: 'queued last' });

    expect(await claim('scope-b', 2)).toEqual([run.id]);
  });

  it('a full tenant’s runs stay queued while its limit is reached, and one slot starts one run', async () => {
    const { prisma } = test.platform.database;
    const agentId = await newAgent('tenant');
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { maxRunningRuns: 2 } });
    try {
      for (const index of [0, 1, 2, 3]) await test.platform.runs.create(principal, { agentId, input: `run ${index}` });
      expect(await claim('tenant-a', 1)).toHaveLength(1);
      // One slot left: a claim of 8 starts one run, not the three queued.
      expect(await claim('tenant-b', 8)).toHaveLength(1);
      expect(await claim('tenant-c', 8)).toEqual([]);
    } finally {
      await prisma.tenant.update({ where: { id: principal.tenantId }, data: { maxRunningRuns: null } });
    }
  });
});
