import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { recoverExpiredLeases } from '../execution/recover-expired-leases';
import { claimRuns } from '../execution/run-claims';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { createBatchAgent } from './batch-test-helpers';

/**
 * A queued item may have run before: an executor that died mid-call leaves its run to lease recovery,
 * which puts it back to `queued` (attempt 2) with its calls as they were. Cancelling its batch must
 * end it as a single run cancel does (close-cancelled-run-calls.ts: "whichever path ends it"): the
 * call still `running` closed `abandoned`, the unknown outcome put to an operator, and their events
 * before `run-finished` — not the bulk end that assumes a queued item never ran.
 */
describe.each(databaseModes)('batch cancel of an item recovered to queued (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createBatchAgent(test, principal, `recovered-${randomUUID()}`);
  });
  afterAll(() => test?.dispose());

  /** Claims one run with an already expired lease, gives it open calls, and recovers it to `queued`; answers its id. */
  async function recoveredWithOpenCalls(): Promise<string> {
    const { prisma } = test.platform.database;
    const claimed = await claimRuns(prisma, 'dead-executor', 1, -1_000);
    expect(claimed).toHaveLength(1);
    const runId = claimed[0]!.id;
    const call = (callId: string, status: 'running' | 'outcome_unknown') => ({
      tenantId: principal.tenantId,
      runId,
      callId,
      name: 'charge_card',
      implementationId: 'x/v1/charge_card',
      sideEffects: 'unsafe' as const,
      arguments: {},
      idempotencyKey: `${runId}:${callId}`,
      status,
      startedAt: new Date(),
    });
    await prisma.toolCall.createMany({ data: [call('call-1', 'running'), call('call-2', 'outcome_unknown')] });
    expect((await recoverExpiredLeases(prisma)).map((entry) => [entry.runId, entry.outcome])).toEqual([[runId, 'queued']]);
    return runId;
  }

  /** The run's status, its calls, and its event types from the cancel on. */
  async function ending(runId: string) {
    const { prisma } = test.platform.database;
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } });
    const calls = await prisma.toolCall.findMany({ where: { runId }, orderBy: { callId: 'asc' }, select: { callId: true, status: true } });
    const events = await prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' }, select: { type: true, payload: true } });
    const types = events.map((event) => event.type);
    return { status: run.status, calls, fromCancel: types.slice(types.indexOf('run-cancel-requested')), finished: events.at(-1)?.payload };
  }

  it('ends the recovered item as a single cancel ends it, and its never-run sibling in bulk', async () => {
    const { run: single } = await test.platform.runs.create(principal, { agentId, input: 'single' });
    expect(await recoveredWithOpenCalls()).toBe(single.id);
    await test.platform.runs.cancel(principal, { runId: single.id });
    const reference = await ending(single.id);
    expect(reference).toMatchObject({
      status: 'cancelled',
      calls: [
        { callId: 'call-1', status: 'abandoned' },
        { callId: 'call-2', status: 'outcome_unknown' },
      ],
      fromCancel: ['run-cancel-requested', 'tool-call-abandoned', 'approval-requested', 'run-finished'],
    });

    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 1, items: ['ran before', 'never ran'] });
    const recovered = await recoveredWithOpenCalls();
    const sibling = await test.platform.database.prisma.run.findFirstOrThrow({ where: { batchId: batch.id, id: { not: recovered } }, select: { id: true } });
    const cancelled = await test.platform.batches.cancel(principal, { batchId: batch.id });

    expect(cancelled).toMatchObject({ status: 'cancelled', progress: { cancelled: 2, queued: 0 } });
    expect(await ending(recovered)).toEqual(reference);
    expect(await ending(sibling.id)).toMatchObject({
      status: 'cancelled',
      calls: [],
      fromCancel: ['run-cancel-requested', 'run-finished'],
      finished: { status: 'cancelled', reason: 'Its batch was cancelled before it ran' },
    });
    // The outcome question stays open for an operator, as after the single cancel.
    expect(await test.platform.database.prisma.approval.count({ where: { runId: recovered, status: 'pending' } })).toBe(1);
  });
});
