import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { RunExecutor } from '../execution/run-executor';
import { createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../testing';
import { createBatchAgent, recordingBatchProcessor } from './batch-test-helpers';

/**
 * The claim picks only items of open batches (neither cancelled nor completed, ADR 0049), so a queued
 * item of a closed batch is never run and never ends. Each test orders two product calls on the batch
 * row: a third transaction holds the row's lock until both wait for it, in a known order, then lets
 * go. Server only: the races need several sessions.
 */
describe('batch retry racing cancel and the lazy completion (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createBatchAgent(test, principal, `races-${randomUUID()}`);
  });
  afterAll(() => test?.dispose());

  /** A batch whose items all ended `failed`, as an executor would end them. */
  async function batchWithFailedItems(): Promise<string> {
    const batch = await test.platform.batches.submit(principal, { agentId, items: ['one', 'two', 'three'] });
    await test.platform.database.prisma.run.updateMany({
      where: { batchId: batch.id },
      data: { status: 'failed', errorKind: 'tool-error', errorMessage: 'boom', finishedAt: new Date() },
    });
    return batch.id;
  }

  /** Sessions of this database waiting for a lock in a statement on the batches table (whatever the statement). */
  const waitingOnBatches = () => sessionsWaitingOnLocks(test.platform.database, '%batches%');

  /** Holds the batch row's lock until the returned release is called. */
  async function holdBatchRow(batchId: string): Promise<{ release: () => Promise<void> }> {
    const holder = await holdRowLock(test.platform.database, 'SELECT id FROM batches WHERE id = $1::uuid FOR UPDATE', batchId);
    return {
      release: async () => {
        holder.release();
        await holder.done;
      },
    };
  }

  it('a retry that waited behind a cancel is refused and queues nothing in the cancelled batch', async () => {
    const batchId = await batchWithFailedItems();
    const holder = await holdBatchRow(batchId);
    const cancel = test.platform.batches.cancel(principal, { batchId });
    await expect.poll(waitingOnBatches, { timeout: 60_000, interval: 50 }).toBe(1);
    const retry = test.platform.batches.retryFailed(principal, { batchId }).then(
      () => ({ kind: 'retried', field: undefined }),
      (error: { kind?: string; field?: string }) => ({ kind: error.kind, field: error.field }),
    );
    await expect.poll(waitingOnBatches, { timeout: 60_000, interval: 50 }).toBe(2);
    await holder.release();

    expect((await cancel).status).toBe('cancelled');
    expect(await retry).toEqual({ kind: 'conflict', field: 'batchId' });
    const { prisma } = test.platform.database;
    expect(await prisma.run.count({ where: { batchId, status: 'queued' } })).toBe(0);
    expect(await prisma.run.count({ where: { batchId } })).toBe(3);
  });

  it('a completion read that counted before a retry committed leaves the reopened batch open, and the retries run', async () => {
    const batchId = await batchWithFailedItems();
    const holder = await holdBatchRow(batchId);
    const retry = test.platform.batches.retryFailed(principal, { batchId });
    await expect.poll(waitingOnBatches, { timeout: 60_000, interval: 50 }).toBe(1);
    // A reader (the console refreshing the batch page) counts every item ended, then goes to mark the batch completed.
    const read = test.platform.batches.get(principal, { batchId });
    await expect.poll(waitingOnBatches, { timeout: 60_000, interval: 50 }).toBe(2);
    await holder.release();

    expect((await retry).retried).toBe(3);
    await read;
    const { prisma } = test.platform.database;
    expect(await prisma.batch.findUniqueOrThrow({ where: { id: batchId }, select: { completedAt: true } })).toEqual({ completedAt: null });
    const seen = { now: 0, max: 0, maxInDatabase: 0, done: 0 };
    const executor = new RunExecutor(test.platform.database, recordingBatchProcessor(test, batchId, seen), silentLogger, {
      owner: 'races-executor',
      concurrency: 3,
      pollMs: 20,
    });
    await executor.start();
    try {
      // Only claimable retries get here: in a batch wrongly marked completed they would stay queued for ever.
      await expect
        .poll(async () => (await test.platform.batches.get(principal, { batchId })).progress, { timeout: 60_000 })
        .toMatchObject({ succeeded: 3, queued: 0 });
    } finally {
      await executor.stop();
    }
    expect((await test.platform.batches.get(principal, { batchId })).status).toBe('completed');
    expect((await prisma.batch.findUniqueOrThrow({ where: { id: batchId }, select: { completedAt: true } })).completedAt).not.toBeNull();
  });
});
