import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';
import { createBatchAgent } from './batch-test-helpers';

/**
 * Regression (audit): after `agents.archive`, a single-run retry and a new batch were refused, but the
 * batch's retry-failed queued a new run for every failed item (and the claim does not look at the
 * agent). "Archived agents keep their versions and runs but cannot start new runs" (agent-service.ts).
 */
describe.each(databaseModes)('batch retry-failed of an archived agent (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;

  it('is refused (conflict on batchId naming the agent), writes nothing and leaves the batch completed; after unarchiving it retries', async () => {
    const agentId = await createBatchAgent(test, principal, `archived-${randomUUID()}`);
    const batch = await test.platform.batches.submit(principal, { agentId, items: ['one', 'two'] });
    await prisma().run.updateMany({
      where: { batchId: batch.id },
      data: { status: 'failed', errorKind: 'tool-error', errorMessage: 'boom', finishedAt: new Date() },
    });
    expect(await test.platform.batches.get(principal, { batchId: batch.id })).toMatchObject({ status: 'completed' });
    await test.platform.agents.archive(principal, { agentId });
    const before = {
      runs: await prisma().run.count({ where: { batchId: batch.id } }),
      batch: await prisma().batch.findUniqueOrThrow({ where: { id: batch.id } }),
      audits: await prisma().auditLog.count({ where: { action: 'batch.retry-failed', targetId: batch.id } }),
    };
    expect(before.batch.completedAt).not.toBeNull();

    const refusal = test.platform.batches.retryFailed(principal, { batchId: batch.id });

    await expect(refusal).rejects.toMatchObject({ kind: 'conflict', field: 'batchId' });
    const error = (await refusal.catch((caught: unknown) => caught)) as Error;
    expect(error.message).toContain(batch.id);
    expect(error.message).toContain(agentId);
    expect({
      runs: await prisma().run.count({ where: { batchId: batch.id } }),
      batch: await prisma().batch.findUniqueOrThrow({ where: { id: batch.id } }),
      audits: await prisma().auditLog.count({ where: { action: 'batch.retry-failed', targetId: batch.id } }),
    }).toEqual(before);
    expect(await prisma().run.count({ where: { batchId: batch.id, status: 'queued' } })).toBe(0);

    await test.platform.agents.unarchive(principal, { agentId });
    expect((await test.platform.batches.retryFailed(principal, { batchId: batch.id })).retried).toBe(2);
    await test.platform.batches.cancel(principal, { batchId: batch.id });
  });
});
