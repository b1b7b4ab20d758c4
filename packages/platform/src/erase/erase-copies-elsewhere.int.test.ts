import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import type { StepResult } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { recordMemoryUse } from '../memory/record-memory-use';
import { scanForContent } from '../memory/testing/scan-for-content';
import { createTenantAdmin, createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { erasedContent } from './redact-copies';

/**
 * Copies of erased content that other rows made in ways the first erase tests did not cover (an
 * outside audit found each one): the compaction summary of a run that read an erased memory; a
 * memory read whose step commits after the erase; re-runs, retries and forks of an erased run; a
 * fact that extraction rewrote from an erased one; and the copies of a memory that was forgotten
 * rather than erased. Each case plants a marker only the erased content holds and scans every text
 * and JSON column of every table afterwards.
 */
describe.each(databaseModes)('erase reaches every copy made from the erased content (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  // The agent's own configuration is not run content.
  const runContent = { exceptColumns: ['agent_versions.config'] };
  const markerOf = (label: string) => `zqcopy${label}${randomUUID().slice(0, 8)}`;

  const setup = async (userId: string) => {
    const { prisma } = test.platform.database;
    const tenantId = principal.tenantId;
    const agentId = await createTestAgent(test.platform.database, { tenantId, slug: `copies-${randomUUID()}`, config: {} });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const thread = () => test.platform.threads.create(principal, { agentId, endUserId: userId });
    const run = (
      threadId: string | null,
      task: string,
      fields: { status?: 'succeeded' | 'running' | 'queued'; rerunOfRunId?: string; retryOfRunId?: string; forkOfRunId?: string } = {},
    ) => {
      const { status = 'succeeded', ...origin } = fields;
      return prisma.run.create({
        data: {
          tenantId,
          agentId,
          agentVersionId: version.id,
          threadId,
          status,
          input: { text: task },
          ...origin,
          ...(status === 'succeeded' ? { output: { text: 'Noted.' }, finishedAt: new Date() } : {}),
        },
      });
    };
    const fact = (content: string, sourceRunId: string, key?: string) =>
      test.platform.memoryPort.storeItem({ scope: { tenantId, userId }, kind: 'fact', content, sourceRunId, ...(key ? { key } : {}) });
    return { prisma, tenantId, agentId, thread, run, fact };
  };

  it('the compaction summaries of runs that read an erased memory (injected, or found with memory_search) are cleared; a bystander’s is not', async () => {
    const marker = markerOf('summary');
    const { prisma, tenantId, thread, run, fact } = await setup('user-summary');
    const toldRun = await run((await thread()).id, `my locker code is ${marker}`);
    const item = await fact(`Locker code: ${marker}`, toldRun.id);
    const injectedThread = await thread();
    const injected = await run(injectedThread.id, 'open my locker');
    await prisma.message.create({
      data: {
        tenantId,
        runId: injected.id,
        threadId: injectedThread.id,
        index: 2,
        role: 'user',
        kind: 'memory_block',
        content: `Relevant memories:\n- Locker code: ${marker}`,
        memoryItemIds: [item.id],
      },
    });
    await prisma.memoryInjection.create({ data: { tenantId, runId: injected.id, memoryItemId: item.id, score: 0.9, source: 'auto_injection' } });
    const searched = await run((await thread()).id, 'what is my locker code?');
    await prisma.toolCall.create({
      data: {
        tenantId,
        runId: searched.id,
        callId: 'search-1',
        name: 'memory_search',
        implementationId: 'builtin:memory_search',
        sideEffects: 'read',
        idempotencyKey: randomUUID(),
        arguments: { query: 'locker' },
        status: 'succeeded',
        result: { content: `Locker code: ${marker}`, isError: false, data: [{ id: item.id, content: `Locker code: ${marker}`, score: 0.8 }] },
      },
    });
    const bystander = await run((await thread()).id, 'unrelated');
    const summaryOf = (runId: string, summary: string) =>
      prisma.checkpoint.create({
        data: { tenantId, runId, seq: 1, stepIndex: 1, formatVersion: 1, state: { context: { summary } }, moduleBindings: {}, byteSize: 10 },
      });
    await summaryOf(injected.id, `The user's locker code is ${marker}`);
    await summaryOf(searched.id, `Found the locker code ${marker}`);
    await summaryOf(bystander.id, 'The user talked about the weather');

    const receipt = await test.platform.erase.eraseRun(principal, { runId: toldRun.id });

    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
    expect(receipt.counts['checkpoints_redacted']).toBe(2);
    const summaries = await prisma.checkpoint.findMany({
      where: { runId: { in: [injected.id, searched.id, bystander.id] } },
      select: { runId: true, state: true },
    });
    const summaryByRun = new Map(summaries.map((row) => [row.runId, (row.state as { context: { summary: string } }).context.summary]));
    expect(summaryByRun.get(injected.id)).toBe(erasedContent);
    expect(summaryByRun.get(searched.id)).toBe(erasedContent);
    expect(summaryByRun.get(bystander.id)).toBe('The user talked about the weather');
  });

  it('a reader paused for approval keeps no quote of the erased memory in its checkpoint: held tool results, a suspended sub-agent’s transcript', async () => {
    const marker = markerOf('paused');
    const { prisma, tenantId, thread, run, fact } = await setup('user-paused');
    const toldRun = await run((await thread()).id, `my door code is ${marker}`);
    const item = await fact(`Door code: ${marker}`, toldRun.id);
    const keptItem = await fact('Door is painted blue', (await run((await thread()).id, 'the door is blue')).id);
    const paused = await run((await thread()).id, 'open the door', { status: 'running' });
    await prisma.memoryInjection.create({ data: { tenantId, runId: paused.id, memoryItemId: item.id, score: 0.9, source: 'auto_injection' } });
    const state = {
      context: {},
      pendingCalls: [
        {
          id: 'call-1',
          name: 'memory_search',
          arguments: { query: 'door' },
          status: 'completed',
          result: { content: `1. [${item.id}] Door code: ${marker}`, isError: false },
        },
        {
          id: 'call-2',
          name: 'memory_search',
          arguments: { query: 'paint' },
          status: 'completed',
          result: { content: `1. [${keptItem.id}] Door is painted blue`, isError: false },
        },
        {
          id: 'call-3',
          name: 'delegate',
          arguments: { task: 'open it' },
          status: 'awaiting-approval',
          child: {
            agent: 'helper',
            task: 'open it',
            messages: [
              { role: 'user', content: `Relevant memories:\n- Door code: ${marker}` },
              { role: 'user', content: 'open it' },
            ],
          },
        },
      ],
    };
    await prisma.checkpoint.create({ data: { tenantId, runId: paused.id, seq: 1, stepIndex: 1, formatVersion: 1, state, moduleBindings: {}, byteSize: 10 } });
    const bystander = await run((await thread()).id, 'unrelated');
    const bystanderState = {
      context: {},
      pendingCalls: [{ id: 'call-1', name: 'memory_search', arguments: {}, status: 'completed', result: { content: 'Door is painted blue', isError: false } }],
    };
    await prisma.checkpoint.create({
      data: { tenantId, runId: bystander.id, seq: 1, stepIndex: 1, formatVersion: 1, state: bystanderState, moduleBindings: {}, byteSize: 10 },
    });

    await test.platform.erase.eraseRun(principal, { runId: toldRun.id });

    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
    const after = await prisma.checkpoint.findFirstOrThrow({ where: { runId: paused.id }, select: { state: true } });
    const calls = (after.state as typeof state).pendingCalls;
    expect(calls[0]!.result).toEqual({ content: erasedContent, isError: false });
    expect(calls[1]!.result).toEqual(state.pendingCalls[1]!.result);
    expect(calls[2]!.child!.messages).toEqual([
      { role: 'user', content: erasedContent },
      { role: 'user', content: 'open it' },
    ]);
    expect(calls[2]!.arguments).toEqual({ task: 'open it' });
    expect((await prisma.checkpoint.findFirstOrThrow({ where: { runId: bystander.id }, select: { state: true } })).state).toEqual(bystanderState);
  });

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
      await transaction.toolCall.create({
        data: {
          tenantId,
          runId: reader.id,
          callId: 'search-1',
          name: 'memory_search',
          implementationId: 'builtin:memory_search',
          sideEffects: 'read',
          idempotencyKey: randomUUID(),
          arguments: { query: 'pin' },
          status: 'succeeded',
          result: { content: hits, isError: false, data: [{ id: itemId, content: `PIN: ${marker}`, score: 0.7 }] },
        },
      });
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

  it('re-runs, retries and forks of an erased run go with it, transitively; a queued one refuses the erase until it is cancelled', async () => {
    const marker = markerOf('rerun');
    const { prisma, thread, run } = await setup('user-rerun');
    const threadId = (await thread()).id;
    const origin = await run(threadId, `please forget ${marker}`);
    const retried = await run(threadId, `please forget ${marker}`, { retryOfRunId: origin.id });
    const forked = await run(null, `please forget ${marker}`, { forkOfRunId: retried.id });
    const queued = await test.platform.runs.rerun(principal, { runId: origin.id });
    const unrelated = await run(threadId, 'an unrelated task');

    const refused = test.platform.erase.eraseRun(principal, { runId: origin.id });
    await expect(refused).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    await expect(refused).rejects.toThrow(`${queued.id} (queued)`);
    expect(await prisma.run.count({ where: { id: { in: [origin.id, retried.id, forked.id, queued.id] } } })).toBe(4);

    await test.platform.runs.cancel(principal, { runId: queued.id });
    const receipt = await test.platform.erase.eraseRun(principal, { runId: origin.id });

    expect(receipt.counts['runs']).toBe(4);
    expect(await prisma.run.count({ where: { id: { in: [origin.id, retried.id, forked.id, queued.id] } } })).toBe(0);
    expect(await prisma.run.count({ where: { id: unrelated.id } })).toBe(1);
    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
  });

  it.skipIf(mode === 'embedded')('a re-run committed while the erase waits for its origin’s lock is found and erased with it', async () => {
    const marker = markerOf('racerun');
    const { prisma, tenantId, agentId, thread, run } = await setup('user-racerun');
    const origin = await run((await thread()).id, `please forget ${marker}`);
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: (id: string) => void;
    const rerunInserted = new Promise<string>((resolve) => (inserted = resolve));
    // A re-run whose insert (holding a share lock on its origin through the foreign key) is still open.
    const rerun = prisma.$transaction(
      async (transaction) => {
        const created = await transaction.run.create({
          data: {
            tenantId,
            agentId,
            agentVersionId: version.id,
            status: 'succeeded',
            input: { text: `please forget ${marker}` },
            rerunOfRunId: origin.id,
            finishedAt: new Date(),
          },
        });
        inserted(created.id);
        await released;
      },
      { timeout: 120_000 },
    );
    const rerunId = await rerunInserted;
    const erase = test.platform.erase.eraseRun(principal, { runId: origin.id });
    const lockWaiters = async () =>
      (
        await prisma.$queryRawUnsafe<{ waiting: number }[]>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      )[0]!.waiting;
    while ((await lockWaiters()) === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    release();
    await rerun;
    const receipt = await erase;

    expect(receipt.counts['runs']).toBe(2);
    expect(await prisma.run.count({ where: { id: { in: [origin.id, rerunId] } } })).toBe(0);
    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
  });

  it('a run of another tenant naming an erased run as its origin is neither erased, nor named, nor able to refuse the erase', async () => {
    const { prisma, run } = await setup('user-foreign');
    const origin = await run(null, 'a task of tenant A');
    // Only a forged row can do this (every path that makes a run copies its origin's tenant).
    const other = await createTenantAdmin(test, { slug: `foreign-origin-${randomUUID().slice(0, 8)}` });
    const otherAgentId = await createTestAgent(test.platform.database, { tenantId: other.tenantId, slug: 'foreign-origin', config: {} });
    const otherVersion = await prisma.agentVersion.findFirstOrThrow({ where: { agentId: otherAgentId } });
    const foreign = await prisma.run.create({
      data: {
        tenantId: other.tenantId,
        agentId: otherAgentId,
        agentVersionId: otherVersion.id,
        status: 'queued',
        input: { text: 'a task of tenant B' },
        rerunOfRunId: origin.id,
      },
    });

    const receipt = await test.platform.erase.eraseRun(principal, { runId: origin.id });

    expect(receipt.counts['runs']).toBe(1);
    expect(JSON.stringify(receipt)).not.toContain(foreign.id);
    expect(await prisma.run.findUnique({ where: { id: foreign.id }, select: { status: true, input: true } })).toEqual({
      status: 'queued',
      input: { text: 'a task of tenant B' },
    });
  });

  it('a thread’s erase takes the re-runs of its runs made in other threads; retention keeps a re-run until its own period ends', async () => {
    const marker = markerOf('thread');
    const { prisma, tenantId, thread, run } = await setup('user-thread');
    const erased = await thread();
    const origin = await run(erased.id, `please forget ${marker}`);
    const elsewhere = await run((await thread()).id, `please forget ${marker}`, { rerunOfRunId: origin.id });
    await test.platform.erase.eraseThread(principal, { threadId: erased.id });
    expect(await prisma.run.count({ where: { id: { in: [origin.id, elsewhere.id] } } })).toBe(0);
    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);

    const aged = await run(null, 'an expired task');
    const recent = await run(null, 'an expired task', { rerunOfRunId: aged.id });
    await test.platform.erase.eraseRunAs({ tenantId, system: 'retention' }, aged.id);
    expect(await prisma.run.findUnique({ where: { id: recent.id }, select: { rerunOfRunId: true } })).toEqual({ rerunOfRunId: null });
  });

  it('a fact that extraction rewrote from an erased fact goes with it, down the chain, and decision reasons about it are redacted; the later run’s other fact stays', async () => {
    const marker = markerOf('chain');
    const { prisma, tenantId, thread, run, fact } = await setup('user-chain');
    const toldRun = await run((await thread()).id, `my locker code is ${marker}`);
    const original = await fact(`Locker code: ${marker}`, toldRun.id, 'user.locker_code');
    const later = await run((await thread()).id, 'I also have a second locker, 42');
    const updated = await fact(`Locker codes: ${marker} and 42`, later.id, 'user.locker_code');
    expect(updated.supersededId).toBe(original.id);
    const latest = await run((await thread()).id, 'and a third one, 7');
    const rewrittenAgain = await fact(`Locker codes: ${marker}, 42 and 7`, latest.id, 'user.locker_code');
    expect(rewrittenAgain.supersededId).toBe(updated.id);
    const unrelated = await fact('Likes green tea', later.id, 'user.drink');
    await prisma.memoryDecision.create({
      data: {
        tenantId,
        runId: later.id,
        event: 'update',
        key: 'user.locker_code',
        memoryItemId: updated.id,
        previousItemId: original.id,
        reason: `kept ${marker}, added 42`,
      },
    });
    await prisma.memoryDecision.create({
      data: {
        tenantId,
        runId: latest.id,
        event: 'update',
        key: 'user.locker_code',
        memoryItemId: rewrittenAgain.id,
        previousItemId: updated.id,
        reason: `kept ${marker} and 42`,
      },
    });
    // Another run's extraction weighed the erased fact and left it alone: only its previous item is erased.
    await prisma.memoryDecision.create({
      data: { tenantId, runId: latest.id, event: 'none', key: 'user.locker_code', previousItemId: original.id, reason: `already know ${marker}` },
    });
    const unrelatedDecision = await prisma.memoryDecision.create({
      data: { tenantId, runId: later.id, event: 'add', key: 'user.drink', memoryItemId: unrelated.id, reason: 'a new preference' },
    });

    const receipt = await test.platform.erase.eraseRun(principal, { runId: toldRun.id });

    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
    expect(await prisma.memoryItem.count({ where: { id: { in: [original.id, updated.id, rewrittenAgain.id] } } })).toBe(0);
    expect(await prisma.memoryItem.count({ where: { id: unrelated.id } })).toBe(1);
    expect(receipt.counts['memory_items']).toBe(3);
    expect(receipt.counts['memory_decisions_redacted']).toBe(3);
    expect(await prisma.memoryDecision.findUniqueOrThrow({ where: { id: unrelatedDecision.id }, select: { reason: true } })).toEqual({
      reason: 'a new preference',
    });
  });

  it('forgetting a memory redacts its copies in other runs’ prompts, tool results and summaries, so none is left without a link back', async () => {
    const marker = markerOf('forget');
    const { prisma, tenantId, thread, run, fact } = await setup('user-forget');
    const toldRun = await run((await thread()).id, 'remember my alarm code');
    const item = await fact(`Alarm code: ${marker}`, toldRun.id);
    const readerThread = await thread();
    const reader = await run(readerThread.id, 'alarm?');
    await prisma.message.create({
      data: {
        tenantId,
        runId: reader.id,
        threadId: readerThread.id,
        index: 2,
        role: 'user',
        kind: 'memory_block',
        content: `Relevant memories:\n- Alarm code: ${marker}`,
        memoryItemIds: [item.id],
      },
    });
    await prisma.memoryInjection.create({ data: { tenantId, runId: reader.id, memoryItemId: item.id, score: 0.9, source: 'auto_injection' } });
    await prisma.toolCall.create({
      data: {
        tenantId,
        runId: reader.id,
        callId: 'search-1',
        name: 'memory_search',
        implementationId: 'builtin:memory_search',
        sideEffects: 'read',
        idempotencyKey: randomUUID(),
        arguments: { query: 'alarm' },
        status: 'succeeded',
        result: { content: `Alarm code: ${marker}`, isError: false, data: [{ id: item.id, content: `Alarm code: ${marker}` }] },
      },
    });
    await prisma.checkpoint.create({
      data: {
        tenantId,
        runId: reader.id,
        seq: 1,
        stepIndex: 1,
        formatVersion: 1,
        state: {
          context: { summary: `Alarm code is ${marker}` },
          pendingCalls: [{ id: 'call-9', status: 'completed', result: { content: `Alarm code: ${marker}`, isError: false } }],
        },
        moduleBindings: {},
        byteSize: 10,
      },
    });
    const other = await fact('Alarm is in the hallway', toldRun.id);
    const otherReader = await run(readerThread.id, 'where is the alarm?');
    await prisma.message.create({
      data: {
        tenantId,
        runId: otherReader.id,
        threadId: readerThread.id,
        index: 2,
        role: 'user',
        kind: 'memory_block',
        content: 'Relevant memories:\n- Alarm is in the hallway',
        memoryItemIds: [other.id],
      },
    });

    await test.platform.memory.forget(principal, { memoryItemId: item.id });

    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
    expect(await prisma.message.findFirstOrThrow({ where: { runId: otherReader.id, index: 2 }, select: { content: true, memoryItemIds: true } })).toEqual({
      content: 'Relevant memories:\n- Alarm is in the hallway',
      memoryItemIds: [other.id],
    });
  });
});
