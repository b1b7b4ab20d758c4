import { databaseModes } from '@agentloom/db/testing';
import type { StepResult } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { fenceRun } from '../execution/fence-run';
import { LeaseLostError } from '../execution/lease-lost-error';
import { recordMemoryUse } from '../memory/record-memory-use';
import { scanForContent } from '../memory/testing/scan-for-content';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { erasedContent } from './redact-copies';
import { eraseFixtures, markerOf, runContent } from './testing/erase-fixtures';

/**
 * An erase (or forget) while a run that read the content is in progress: a step that found an item
 * before the erase and commits after it stores no copy; one still open when the erase starts makes
 * the erase wait, and the erase then redacts what it wrote; and a reader an executor is running is
 * restarted from its redacted checkpoint, its executor's next fenced write refused, so what it holds
 * in memory is never written back.
 */
describe.each(databaseModes)('erase against runs in progress that read the content (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  const setup = (userId: string) => eraseFixtures(test, principal, userId);

  /** A step that found `itemId` (injected, at transcript index 2) and listed it in a memory_search result (index 4). */
  const memoryReadingStep = async (context: Awaited<ReturnType<typeof setup>>, itemId: string, marker: string) => {
    const { prisma, tenantId, thread, run } = context;
    const readerThread = await thread();
    const reader = await run(readerThread.id, 'what is my pin', { status: 'running' });
    const block = `Relevant memories:\n- PIN: ${marker}`;
    const hits = JSON.stringify([{ id: itemId, content: `PIN: ${marker}`, score: 0.7 }]);
    const contents = ['system', 'what is my pin', block, 'assistant asks memory', hits];
    const roles = ['system', 'user', 'user', 'assistant', 'tool'] as const;
    const step = await prisma.step.create({ data: { tenantId, runId: reader.id, index: 1, kind: 'model_call', status: 'succeeded' } });
    const result = {
      step: 1,
      messages: contents.map((content, index) => ({
        index,
        message: { role: roles[index], content, ...(roles[index] === 'tool' ? { toolCallId: 'search-1' } : {}) },
      })),
      events: [{ type: 'memory-injected', data: { memoryId: itemId, score: 0.9 } }],
      toolCalls: [
        {
          callId: 'search-1',
          name: 'memory_search',
          status: 'succeeded',
          result: { content: hits, isError: false, data: [{ id: itemId, content: `PIN: ${marker}`, score: 0.7 }] },
        },
      ],
      checkpoint: { context: {} },
    } as unknown as StepResult;
    // The search's ledger row and the step's messages, written after the search ran (here: after the erase).
    const writeRows = async (transaction: Parameters<Parameters<typeof prisma.$transaction>[0]>[0]) => {
      await context.searched(reader, { id: itemId }, `PIN: ${marker}`, transaction);
      await transaction.message.createMany({
        data: contents.map((content, index) => ({
          tenantId,
          runId: reader.id,
          threadId: readerThread.id,
          index,
          role: roles[index]!,
          content,
          ...(roles[index] === 'tool' ? { toolCallId: 'search-1' } : {}),
        })),
      });
    };
    return { reader, step, result, writeRows };
  };

  it('a memory read whose step commits after the item was erased stores no copy of it; one whose item lives keeps its block', async () => {
    const marker = markerOf('late');
    const context = await setup('user-late');
    const { prisma, tenantId, thread, run, fact } = context;
    const toldRun = await run((await thread()).id, `my pin is ${marker}`);
    const item = await fact(`PIN: ${marker}`, toldRun.id);
    // The step searched memory before the erase and commits after it.
    const late = await memoryReadingStep(context, item.id, marker);
    await test.platform.erase.eraseRun(principal, { runId: toldRun.id });
    await prisma.$transaction(async (transaction) => {
      await late.writeRows(transaction);
      await recordMemoryUse(transaction, { id: late.reader.id, tenantId }, late.result, late.step.id);
    });

    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
    const messages = await prisma.message.findMany({
      where: { runId: late.reader.id },
      orderBy: { index: 'asc' },
      select: { content: true, memoryItemIds: true },
    });
    expect(messages.map((message) => message.content)).toEqual(['system', 'what is my pin', erasedContent, 'assistant asks memory', erasedContent]);
    expect(await prisma.memoryInjection.count({ where: { runId: late.reader.id } })).toBe(0);
    const searchCall = await prisma.toolCall.findFirstOrThrow({ where: { runId: late.reader.id }, select: { result: true } });
    expect(searchCall.result).toEqual({ content: erasedContent, isError: false, data: null });

    // The same step with the item alive: nothing is redacted, and its use is recorded.
    const kept = markerOf('kept');
    const keptItem = await fact(`PIN: ${kept}`, (await run((await thread()).id, `my pin is ${kept}`)).id);
    const onTime = await memoryReadingStep(context, keptItem.id, kept);
    await prisma.$transaction(async (transaction) => {
      await onTime.writeRows(transaction);
      await recordMemoryUse(transaction, { id: onTime.reader.id, tenantId }, onTime.result, onTime.step.id);
    });
    const keptMessages = await prisma.message.findMany({
      where: { runId: onTime.reader.id },
      orderBy: { index: 'asc' },
      select: { content: true, memoryItemIds: true },
    });
    expect(keptMessages[2]).toEqual({ content: `Relevant memories:\n- PIN: ${kept}`, memoryItemIds: [keptItem.id] });
    expect(keptMessages[4]!.memoryItemIds).toEqual([keptItem.id]);
    expect(await prisma.memoryInjection.count({ where: { runId: onTime.reader.id } })).toBe(2);
  });

  it.skipIf(mode === 'embedded')(
    'an erase that starts while a step recording a memory read is still open waits for it, then redacts what it wrote',
    async () => {
      const marker = markerOf('race');
      const context = await setup('user-race');
      const { prisma, tenantId, thread, run, fact } = context;
      const toldRun = await run((await thread()).id, `my pin is ${marker}`);
      const item = await fact(`PIN: ${marker}`, toldRun.id);
      const step = await memoryReadingStep(context, item.id, marker);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let recorded!: () => void;
      const recordedInStep = new Promise<void>((resolve) => (recorded = resolve));
      const commit = prisma.$transaction(
        async (transaction) => {
          await step.writeRows(transaction);
          await recordMemoryUse(transaction, { id: step.reader.id, tenantId }, step.result, step.step.id);
          recorded();
          await released;
        },
        { timeout: 120_000 },
      );
      await recordedInStep;
      const erase = test.platform.erase.eraseRun(principal, { runId: toldRun.id });
      // The erase waits on the step's lock of the item: wait for that state, then let the step commit.
      const lockWaiters = async () =>
        (
          await prisma.$queryRawUnsafe<{ waiting: number }[]>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )[0]!.waiting;
      while ((await lockWaiters()) === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      release();
      await commit;
      await erase;

      expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
      const messages = await prisma.message.findMany({ where: { runId: step.reader.id }, orderBy: { index: 'asc' }, select: { content: true } });
      expect(messages.map((message) => message.content)).toEqual(['system', 'what is my pin', erasedContent, 'assistant asks memory', erasedContent]);
    },
  );

  it('a reader an executor is running is re-queued from its redacted checkpoint, and its executor’s next fenced write is refused; others are left alone', async () => {
    const marker = markerOf('running');
    const { prisma, tenantId, thread, run, fact } = await setup('user-running');
    const toldRun = await run((await thread()).id, `my safe code is ${marker}`);
    const item = await fact(`Safe code: ${marker}`, toldRun.id);
    const leased = { status: 'running' as const, leaseOwner: 'executor-old', leaseExpiresAt: new Date(Date.now() + 60_000) };
    const reader = await run((await thread()).id, 'open the safe', leased);
    const finishedReader = await run((await thread()).id, 'open the safe again');
    const bystander = await run((await thread()).id, 'unrelated', leased);
    for (const runId of [reader.id, finishedReader.id]) {
      await prisma.memoryInjection.create({ data: { tenantId, runId, memoryItemId: item.id, score: 0.9, source: 'auto_injection' } });
    }
    const before = await prisma.run.findMany({ where: { id: { in: [reader.id, finishedReader.id, bystander.id] } }, orderBy: { id: 'asc' } });

    const receipt = await test.platform.erase.eraseRun(principal, { runId: toldRun.id });

    expect(receipt.counts['runs_restarted']).toBe(1);
    const restarted = await prisma.run.findUniqueOrThrow({ where: { id: reader.id } });
    expect(restarted).toMatchObject({
      status: 'queued',
      attempt: reader.attempt + 1,
      maxAttempts: reader.maxAttempts + 1,
      leaseOwner: null,
      leaseExpiresAt: null,
    });
    const queuedEvent = await prisma.runEvent.findFirst({ where: { runId: reader.id, type: 'run-queued' }, select: { payload: true } });
    expect(queuedEvent?.payload).toEqual({ reason: 'content erased' });
    // The executor that held it: its next write is fenced off, so nothing it holds in memory lands.
    await expect(fenceRun(test.platform.database.statements, { id: reader.id, attempt: reader.attempt }, 'executor-old')).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    // A finished reader and a running run that read nothing erased are as they were.
    const after = await prisma.run.findMany({ where: { id: { in: [finishedReader.id, bystander.id] } }, orderBy: { id: 'asc' } });
    expect(after).toEqual(before.filter((row) => row.id !== reader.id));
    await expect(fenceRun(test.platform.database.statements, { id: bystander.id, attempt: bystander.attempt }, 'executor-old')).resolves.toEqual({
      cancelRequested: false,
    });
  });

  it('forgetting a memory restarts its running readers the same way', async () => {
    const { prisma, tenantId, thread, run, fact } = await setup('user-running-forget');
    const item = await fact('Safe is behind the painting', (await run((await thread()).id, 'where is the safe')).id);
    const reader = await run((await thread()).id, 'open the safe', {
      status: 'running',
      leaseOwner: 'executor-old',
      leaseExpiresAt: new Date(Date.now() + 60_000),
    });
    await prisma.memoryInjection.create({ data: { tenantId, runId: reader.id, memoryItemId: item.id, score: 0.9, source: 'auto_injection' } });

    await test.platform.memory.forget(principal, { memoryItemId: item.id });

    expect(await prisma.run.findUniqueOrThrow({ where: { id: reader.id } })).toMatchObject({ status: 'queued', attempt: reader.attempt + 1, leaseOwner: null });
    await expect(fenceRun(test.platform.database.statements, { id: reader.id, attempt: reader.attempt }, 'executor-old')).rejects.toBeInstanceOf(
      LeaseLostError,
    );
  });
});
