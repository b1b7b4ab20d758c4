import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { claimRuns } from '../execution/run-claims';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * A cancel of a running run is one state change. Before, every repeated cancel (a second click, a
 * client's retry, two operators at once) moved `cancelRequestedAt` to its own time and appended another
 * `run-cancel-requested` event and `run.cancel` audit entry, so the recorded moment of the cancel was lost.
 */
describe.each(databaseModes)('cancelling a running run again (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { tenantId: principal.tenantId, slug: 'demo-researcher' } })).id;
  });
  afterAll(async () => {
    await test?.dispose();
  });

  async function runningRun(): Promise<string> {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'cancel me twice' });
    // Claimed by an owner that never runs it: the run stays `running`, so only its flag can be set.
    const claimed = await claimRuns(test.platform.database.prisma, 'cancel-once-test', 100, 600_000);
    expect(claimed.map((claim) => claim.id)).toContain(run.id);
    return run.id;
  }

  const recorded = async (runId: string) => ({
    requestedAt: (await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { cancelRequestedAt: true } })).cancelRequestedAt,
    events: (await test.platform.database.prisma.runEvent.findMany({ where: { runId, type: 'run-cancel-requested' } })).length,
    audits: await test.platform.database.prisma.auditLog.count({ where: { targetId: runId, action: 'run.cancel' } }),
  });

  it('keeps the first request’s time, event and audit entry', async () => {
    const runId = await runningRun();
    expect(await test.platform.runs.cancel(principal, { runId })).toMatchObject({ status: 'running' });
    const first = await recorded(runId);
    expect(first).toMatchObject({ events: 1, audits: 1 });
    expect(first.requestedAt).not.toBeNull();

    expect(await test.platform.runs.cancel(principal, { runId })).toMatchObject({ status: 'running' });
    expect(await recorded(runId)).toEqual(first);
  });

  it('records one request when several arrive at once', async () => {
    const runId = await runningRun();
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => test.platform.runs.cancel(principal, { runId })));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await recorded(runId)).toMatchObject({ events: 1, audits: 1 });
  });
});
