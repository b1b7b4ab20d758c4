import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import { exportText } from './batch-test-helpers';

/**
 * Two notifications, then an answer; with `maxIterations: 2` a run fails at step 3 and retention keeps
 * step 2's checkpoint, so the failed item can be forked (as in fork-run.int.test.ts).
 */
const notifyTwiceConfig = {
  instructions: 'Notify twice, then answer.',
  builtinTools: [],
  tools: ['send_notification'],
  approvals: { send_notification: 'never' },
  limits: { maxIterations: 2 },
  demoScript: {
    replies: [
      { text: 'First notification.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'one', message: 'first' } }] },
      { text: 'Second notification.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'two', message: 'second' } }] },
      { text: 'Finished about apples.' },
    ],
  },
};

/**
 * Only a retry continues a batch item (batch-item-retry.int.test.ts). A re-run or a fork of an item is
 * a new run of its own: it joins no batch, and the item keeps its run in progress, items and export.
 */
describe.each(databaseModes)('re-run and fork of a batch item (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: `batch-fork-${randomUUID()}`, config: notifyTwiceConfig });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;
  const waitForStatus = (runId: string, statuses: string[]) =>
    expect
      .poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 60_000 })
      .toSatisfy((status: string) => statuses.includes(status));
  const batchColumns = (runId: string) => prisma().run.findUniqueOrThrow({ where: { id: runId }, select: { batchId: true, batchItem: true } });

  it('neither joins the batch nor takes the item from it', async () => {
    const batch = await test.platform.batches.submit(principal, { agentId, items: ['Tell me about apples'] });
    const item = await prisma().run.findFirstOrThrow({ where: { batchId: batch.id }, select: { id: true } });
    await waitForStatus(item.id, ['failed', 'succeeded']);
    expect(await test.platform.runs.get(principal, { runId: item.id })).toMatchObject({ status: 'failed', error: { kind: 'limit-exceeded' } });

    const rerun = await test.platform.runs.rerun(principal, { runId: item.id });
    const fork = await test.platform.runs.fork(principal, { runId: item.id, stepIndex: 2 });

    expect(rerun).toMatchObject({ rerunOfRunId: item.id, retryOfRunId: null });
    expect(fork).toMatchObject({ forkOf: { runId: item.id, stepIndex: 2 } });
    expect(await batchColumns(rerun.id)).toEqual({ batchId: null, batchItem: null });
    expect(await batchColumns(fork.id)).toEqual({ batchId: null, batchItem: null });
    await waitForStatus(rerun.id, ['failed', 'succeeded']);
    await waitForStatus(fork.id, ['failed', 'succeeded']);

    expect(await test.platform.batches.get(principal, { batchId: batch.id })).toMatchObject({ status: 'completed', progress: { total: 1, failed: 1 } });
    const { items } = await test.platform.batches.items(principal, { batchId: batch.id });
    expect(items.map((entry) => [entry.item, entry.runId, entry.status, entry.attempts])).toEqual([[0, item.id, 'failed', 1]]);
    expect((await exportText(test, principal, { batchId: batch.id })).trim().split('\n')).toHaveLength(1);
    // The item's failed run can still be retried, in the batch: neither the re-run nor the fork retries it.
    expect((await test.platform.runs.get(principal, { runId: item.id })).repeat.retry).toMatchObject({ allowed: true });
  });
});
