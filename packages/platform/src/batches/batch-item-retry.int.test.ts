import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { claimRuns } from '../execution/run-claims';
import { createTestPlatform, type TestPlatform } from '../testing';
import { createBatchAgent, exportText } from './batch-test-helpers';

/**
 * Regression (audit): the single-run retry (REST `POST /runs/:id/retry`, tRPC `runs.retry`, the run
 * page's Retry) of a batch item wrote a run without `batch_id`/`batch_item`. The item vanished from
 * progress, items and export, the batch read completed while the retry was queued, and the retry
 * escaped the batch's cap, cancel and retry-failed. A retry of an item now stays in the batch (ADR 0049).
 */
describe.each(databaseModes)('single-run retry of a batch item (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createBatchAgent(test, principal, `item-retry-${randomUUID()}`);
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;
  const claim = (owner: string) => claimRuns(test.platform.database.statements, owner, 8, 60_000);

  /** Ends the batch's runs matching `where` as the executor ends a failed run (no executor runs here). */
  async function fail(batchId: string, where: { batchItem?: number; id?: string } = {}) {
    await prisma().run.updateMany({
      where: { batchId, ...where },
      data: { status: 'failed', errorKind: 'tool-error', errorMessage: 'boom', leaseOwner: null, finishedAt: new Date() },
    });
  }
  const itemRun = (batchId: string, batchItem: number) =>
    prisma().run.findFirstOrThrow({ where: { batchId, batchItem, retryOfRunId: null }, select: { id: true } });

  it('keeps the item in the batch: progress, items, export, its run-created event, and a completed batch reopens', async () => {
    const batch = await test.platform.batches.submit(principal, { agentId, items: ['one', 'two', 'three'] });
    await fail(batch.id);
    expect(await test.platform.batches.get(principal, { batchId: batch.id })).toMatchObject({ status: 'completed', progress: { failed: 3 } });
    expect((await prisma().batch.findUniqueOrThrow({ where: { id: batch.id } })).completedAt).not.toBeNull();
    const failed = await itemRun(batch.id, 1);

    const { run: retry, created } = await test.platform.runs.retry(principal, { runId: failed.id });

    expect(created).toBe(true);
    expect(retry).toMatchObject({ status: 'queued', retryOfRunId: failed.id });
    expect(await prisma().run.findUniqueOrThrow({ where: { id: retry.id }, select: { batchId: true, batchItem: true } })).toEqual({
      batchId: batch.id,
      batchItem: 1,
    });
    const createdEvent = await prisma().runEvent.findFirstOrThrow({ where: { runId: retry.id, seq: 1 } });
    expect(createdEvent.payload).toMatchObject({ retryOfRunId: failed.id, batchId: batch.id, batchItem: 1 });

    const view = await test.platform.batches.get(principal, { batchId: batch.id });
    expect(view).toMatchObject({ status: 'running', completedAt: null, progress: { total: 3, queued: 1, failed: 2 } });
    const { items } = await test.platform.batches.items(principal, { batchId: batch.id });
    expect(items.map((item) => [item.item, item.runId, item.status, item.attempts])).toEqual([
      [0, expect.any(String), 'failed', 1],
      [1, retry.id, 'queued', 2],
      [2, expect.any(String), 'failed', 1],
    ]);
    expect((await exportText(test, principal, { batchId: batch.id })).trim().split('\n')).toHaveLength(3);
    // Asked again (a double click), the retry answers the same run.
    expect(await test.platform.runs.retry(principal, { runId: failed.id })).toMatchObject({ created: false, run: { id: retry.id } });

    await test.platform.batches.cancel(principal, { batchId: batch.id });
  });

  it('the retried item runs under the batch cap, is retried by retry-failed and ended by the batch cancel', async () => {
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 1, items: ['first', 'second'] });
    const first = await itemRun(batch.id, 0);
    const second = await itemRun(batch.id, 1);
    await fail(batch.id, { id: second.id });
    expect((await claim('item-retry-a')).map((run) => run.id)).toContain(first.id);

    const { run: retry } = await test.platform.runs.retry(principal, { runId: second.id });

    // The batch's one slot is taken by item 0: the retry waits for it like any other item.
    expect((await claim('item-retry-b')).filter((run) => run.id === retry.id)).toEqual([]);
    await fail(batch.id, { id: first.id });
    expect((await claim('item-retry-c')).map((run) => run.id)).toContain(retry.id);
    await fail(batch.id, { id: retry.id });

    // Retry-failed reaches both items' current runs: item 0's first run and item 1's retry.
    const { retried } = await test.platform.batches.retryFailed(principal, { batchId: batch.id });
    expect(retried).toBe(2);
    expect(await prisma().run.count({ where: { retryOfRunId: retry.id, batchId: batch.id, batchItem: 1 } })).toBe(1);

    const cancelled = await test.platform.batches.cancel(principal, { batchId: batch.id });
    expect(cancelled.progress).toMatchObject({ total: 2, cancelled: 2, queued: 0 });
    expect(await prisma().run.count({ where: { batchId: batch.id, status: 'queued' } })).toBe(0);
  });

  it('refuses the retry of an item of a cancelled batch (conflict on runId), writes nothing, and the run view refuses it alike', async () => {
    const batch = await test.platform.batches.submit(principal, { agentId, items: ['one', 'two'] });
    await test.platform.batches.cancel(principal, { batchId: batch.id });
    const cancelledItem = await itemRun(batch.id, 0);
    const before = { runs: await prisma().run.count(), batch: await prisma().batch.findUniqueOrThrow({ where: { id: batch.id } }) };

    const refusal = test.platform.runs.retry(principal, { runId: cancelledItem.id });

    await expect(refusal).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    const error = (await refusal.catch((caught: unknown) => caught)) as Error;
    expect(error.message).toContain(batch.id);
    expect({ runs: await prisma().run.count(), batch: await prisma().batch.findUniqueOrThrow({ where: { id: batch.id } }) }).toEqual(before);
    const { repeat } = await test.platform.runs.get(principal, { runId: cancelledItem.id });
    expect(repeat).toEqual({
      retry: { allowed: false, refusedBy: 'cancelled-batch', reason: error.message },
      rerun: { allowed: true, refusedBy: null, reason: null },
      fork: { allowed: true, refusedBy: null, reason: null },
    });
  });

  it('retries concurrent asks for one item once, all inside the batch', async () => {
    const batch = await test.platform.batches.submit(principal, { agentId, items: ['one'] });
    await fail(batch.id);
    const failed = await itemRun(batch.id, 0);
    const results = await Promise.all(Array.from({ length: 4 }, () => test.platform.runs.retry(principal, { runId: failed.id })));
    expect(new Set(results.map((result) => result.run.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await prisma().run.count({ where: { retryOfRunId: failed.id, batchId: batch.id, batchItem: 0 } })).toBe(1);
    await test.platform.batches.cancel(principal, { batchId: batch.id });
  });
});
