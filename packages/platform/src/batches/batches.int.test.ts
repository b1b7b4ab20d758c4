import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { claimRuns } from '../execution/run-claims';
import { RunExecutor } from '../execution/run-executor';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { batchLimits } from './batch.schema';
import { createBatchAgent, exportText, recordingBatchProcessor } from './batch-test-helpers';

describe.each(databaseModes)('batches (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createBatchAgent(test, principal, `batches-${randomUUID()}`);
  });
  afterAll(() => test?.dispose());

  const counts = async () => ({ batches: await test.platform.database.prisma.batch.count(), runs: await test.platform.database.prisma.run.count() });

  it('refuses a bad item with its index and field, and writes nothing', async () => {
    const before = await counts();
    const items = ['one', { input: 'two' }, 'three', { input: '   ' }];
    await expect(test.platform.batches.submit(principal, { agentId, items })).rejects.toMatchObject({ kind: 'validation', field: 'items.3.input' });
    await expect(test.platform.batches.submit(principal, { agentId, items: ['ok', { text: 'wrong field' }] })).rejects.toMatchObject({ kind: 'validation', field: 'items.1.input' });
    await expect(test.platform.batches.submit(principal, { agentId, items: [] })).rejects.toMatchObject({ kind: 'validation', field: 'items' });
    await expect(test.platform.batches.submit(principal, { agentId, items: Array.from({ length: batchLimits.maxItems + 1 }, () => 'x') })).rejects.toMatchObject({
      kind: 'validation',
      field: 'items',
    });
    await expect(test.platform.batches.submit(principal, { agentId, concurrency: 0, items: ['x'] })).rejects.toMatchObject({ kind: 'validation', field: 'concurrency' });
    await expect(test.platform.batches.submit(principal, { agentId: randomUUID(), items: ['x'] })).rejects.toMatchObject({ kind: 'not-found', field: 'agentId' });
    await expect(test.platform.batches.submit(principal, { agentId, agentVersion: 99, items: ['x'] })).rejects.toMatchObject({ kind: 'not-found', field: 'agentVersion' });
    expect(await counts()).toEqual(before);
  });

  it('submits a JSONL upload; a bad line is refused naming its line and field, and nothing is written', async () => {
    const before = await counts();
    await expect(test.platform.batches.submitJsonl(principal, { agentId, jsonl: '"one"\n\n{"input": "two"}\n{"input": ""}\n' })).rejects.toMatchObject({
      kind: 'validation',
      field: 'jsonl',
      message: 'jsonl: Line 4, input: input must not be empty',
    });
    await expect(test.platform.batches.submitJsonl(principal, { agentId, jsonl: '"one"\n{oops' })).rejects.toThrow(/^jsonl: Line 2, json: not valid JSON/);
    expect(await counts()).toEqual(before);
    const batch = await test.platform.batches.submitJsonl(principal, { agentId, concurrency: 3, name: 'upload', jsonl: '"one"\n\n{"input": "two"}\n' });
    expect(batch).toMatchObject({ name: 'upload', concurrency: 3, progress: { total: 2, queued: 2 } });
    expect((await test.platform.batches.items(principal, { batchId: batch.id })).items.map((item) => item.input)).toEqual(['one', 'two']);
    await test.platform.batches.cancel(principal, { batchId: batch.id });
  });

  it('inserts a 10,000-item batch as queued runs with item indexes and run-created events', { timeout: 600_000 }, async () => {
    const items = Array.from({ length: batchLimits.maxItems }, (_, index) => ({ input: `row ${index}` }));
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 5, items, name: 'big' });
    expect(batch).toMatchObject({ name: 'big', concurrency: 5, agentVersion: 1, status: 'running', progress: { total: 10_000, queued: 10_000 } });
    const { prisma } = test.platform.database;
    const last = await prisma.run.findFirstOrThrow({ where: { batchId: batch.id, batchItem: 9_999 }, select: { id: true, input: true } });
    expect(last.input).toEqual({ text: 'row 9999' });
    expect(await prisma.runEvent.count({ where: { run: { batchId: batch.id }, type: 'run-created', seq: 1 } })).toBe(10_000);
    const page = await test.platform.batches.items(principal, { batchId: batch.id, after: 4_998, limit: 2 });
    expect(page.items.map((item) => [item.item, item.input, item.status])).toEqual([
      [4_999, 'row 4999', 'queued'],
      [5_000, 'row 5000', 'queued'],
    ]);
    const cancelled = await test.platform.batches.cancel(principal, { batchId: batch.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', progress: { cancelled: 10_000, queued: 0 } });
  });

  it('cancel ends queued items, asks running ones to stop, and no claim starts another item', async () => {
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 2, items: Array.from({ length: 20 }, (_, index) => `item ${index}`) });
    const running = await claimRuns(test.platform.database.statements, 'cancel-test', 8, 60_000);
    expect(running).toHaveLength(2);
    const cancelled = await test.platform.batches.cancel(principal, { batchId: batch.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', progress: { cancelled: 18, running: 2, queued: 0 } });
    const { prisma } = test.platform.database;
    expect(await prisma.run.count({ where: { batchId: batch.id, status: 'running', cancelRequestedAt: { not: null } } })).toBe(2);
    const finished = await prisma.runEvent.findFirstOrThrow({ where: { run: { batchId: batch.id, status: 'cancelled' }, type: 'run-finished' }, select: { payload: true } });
    expect(finished.payload).toMatchObject({ status: 'cancelled' });
    await prisma.run.updateMany({ where: { batchId: batch.id, status: 'running' }, data: { status: 'cancelled', leaseOwner: null, finishedAt: new Date() } });
    await expect(test.platform.batches.cancel(principal, { batchId: batch.id })).rejects.toMatchObject({ kind: 'conflict' });
    await expect(test.platform.batches.retryFailed(principal, { batchId: batch.id })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('retries failed items as new linked runs, shows partial results, and exports JSONL and CSV', async () => {
    const items = ['alpha', 'please fail', 'gamma, "quoted"', '=SUM(A1)'];
    const batch = await test.platform.batches.submit(principal, { agentId, concurrency: 2, items });
    const seen = { now: 0, max: 0, maxInDatabase: 0, done: 0 };
    const executorNamed = (owner: string) => new RunExecutor(test.platform.database, recordingBatchProcessor(test, batch.id, seen), silentLogger, { owner, concurrency: 4, pollMs: 20 });
    const executor = executorNamed('retry-test');
    await executor.start();
    try {
      await expect.poll(async () => (await test.platform.batches.get(principal, { batchId: batch.id })).status, { timeout: 60_000 }).toBe('completed');
      const done = await test.platform.batches.get(principal, { batchId: batch.id });
      expect(done.progress).toMatchObject({ succeeded: 3, failed: 1 });
      const failedItem = (await test.platform.batches.items(principal, { batchId: batch.id, status: 'failed' })).items;
      expect(failedItem.map((item) => [item.item, item.attempts, item.errorMessage])).toEqual([[1, 1, 'failed on please fail']]);
    } finally {
      await executor.stop();
    }
    // Retried with no executor running, so the reopened batch is seen before its retry can run and fail again.
    const { retried, batch: reopened } = await test.platform.batches.retryFailed(principal, { batchId: batch.id });
    expect(retried).toBe(1);
    expect(reopened.status).not.toBe('completed');
    const retryExecutor = executorNamed('retry-test-again');
    await retryExecutor.start();
    try {
      await expect.poll(async () => (await test.platform.batches.get(principal, { batchId: batch.id })).status, { timeout: 60_000 }).toBe('completed');
    } finally {
      await retryExecutor.stop();
    }
    const { items: after } = await test.platform.batches.items(principal, { batchId: batch.id });
    const retriedItem = after.find((item) => item.item === 1)!;
    expect(retriedItem).toMatchObject({ attempts: 2, status: 'failed' });
    const firstRun = await test.platform.database.prisma.run.findFirstOrThrow({ where: { batchId: batch.id, batchItem: 1, retryOfRunId: null } });
    expect(await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: retriedItem.runId }, select: { retryOfRunId: true } })).toEqual({ retryOfRunId: firstRun.id });
    expect((await test.platform.batches.get(principal, { batchId: batch.id })).progress).toMatchObject({ total: 4, succeeded: 3, failed: 1 });

    const jsonl = await exportText(test, principal, { batchId: batch.id, format: 'jsonl' });
    const lines = jsonl.trim().split('\n').map((line) => JSON.parse(line) as { item: number; output: string | null });
    expect(lines.map((line) => [line.item, line.output])).toEqual([
      [0, 'done: alpha'],
      [1, null],
      [2, 'done: gamma, "quoted"'],
      [3, 'done: =SUM(A1)'],
    ]);
    const csv = await exportText(test, principal, { batchId: batch.id, format: 'csv' });
    const csvLines = csv.trim().split('\n');
    expect(csvLines[0]).toBe('item,runId,status,input,output,errorKind,errorMessage,attempts');
    expect(csvLines[3]).toContain('"gamma, ""quoted"""');
    expect(csvLines[4]).toContain(`"'=SUM(A1)"`);
  });

  it('another tenant cannot read or change a batch', async () => {
    const batch = await test.platform.batches.submit(principal, { agentId, items: ['x'] });
    const other: Principal = { ...principal, tenantId: randomUUID() };
    await expect(test.platform.batches.get(other, { batchId: batch.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.batches.cancel(other, { batchId: batch.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.batches.export(other, { batchId: batch.id })).rejects.toMatchObject({ kind: 'not-found' });
    await test.platform.batches.cancel(principal, { batchId: batch.id });
  });

  it('exports a batch larger than a page a page at a time, every item once in index order, the CSV header once', async () => {
    const texts = Array.from({ length: 450 }, (_, index) => `paged item ${index}`);
    const batch = await test.platform.batches.submit(principal, { agentId, items: texts });
    try {
      const pages: string[] = [];
      for await (const page of await test.platform.batches.export(principal, { batchId: batch.id, format: 'jsonl' })) pages.push(page);
      // 200 items a page: the file is never built whole on the server.
      expect(pages).toHaveLength(3);
      const lines = pages.join('').trim().split('\n').map((line) => JSON.parse(line) as { item: number; input: string });
      expect(lines.map((line) => line.item)).toEqual(texts.map((_, index) => index));
      expect(lines.map((line) => line.input)).toEqual(texts);

      const csv = (await exportText(test, principal, { batchId: batch.id, format: 'csv' })).trim().split('\n');
      expect(csv).toHaveLength(451);
      expect(csv.filter((line) => line.startsWith('item,runId,'))).toHaveLength(1);
      expect(csv[450]).toContain('paged item 449');
    } finally {
      await test.platform.batches.cancel(principal, { batchId: batch.id });
    }
  });
});
