import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { scanForContent } from '../memory/testing/scan-for-content';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { erasedContent } from './redact-copies';
import { eraseFixtures, markerOf, runContent } from './testing/erase-fixtures';

/**
 * Copies of erased content that other rows made in ways the first erase tests did not cover (an
 * outside audit found each one): the compaction summary or checkpoint of a run that read an erased
 * memory; a fact that extraction rewrote from an
 * erased one; and the copies of a memory that was forgotten rather than erased. Runs made from an
 *  erased run: erase-derived-runs.int.test.ts; runs in progress: erase-runs-in-progress.int.test.ts. Each case plants a marker only the erased content holds and scans every text
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

  const setup = (userId: string) => eraseFixtures(test, principal, userId);

  it('the compaction summaries of runs that read an erased memory (injected, or found with memory_search) are cleared; a bystander’s is not', async () => {
    const marker = markerOf('summary');
    const context = await setup('user-summary');
    const { prisma, thread, run, fact } = context;
    const toldRun = await run((await thread()).id, `my locker code is ${marker}`);
    const item = await fact(`Locker code: ${marker}`, toldRun.id);
    const injected = await run((await thread()).id, 'open my locker');
    await context.injected(injected, item, `Locker code: ${marker}`);
    const searched = await run((await thread()).id, 'what is my locker code?');
    await context.searched(searched, item, `Locker code: ${marker}`);
    const bystander = await run((await thread()).id, 'unrelated');
    const summaryOf = (runId: string, summary: string) => context.checkpoint(runId, { context: { summary } });
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
    const context = await setup('user-forget');
    const { prisma, thread, run, fact } = context;
    const toldRun = await run((await thread()).id, 'remember my alarm code');
    const item = await fact(`Alarm code: ${marker}`, toldRun.id);
    const readerThread = await thread();
    const reader = await run(readerThread.id, 'alarm?');
    await context.injected(reader, item, `Alarm code: ${marker}`);
    await context.searched(reader, item, `Alarm code: ${marker}`);
    await context.checkpoint(reader.id, {
      context: { summary: `Alarm code is ${marker}` },
      pendingCalls: [{ id: 'call-9', status: 'completed', result: { content: `Alarm code: ${marker}`, isError: false } }],
    });
    const other = await fact('Alarm is in the hallway', toldRun.id);
    const otherReader = await run(readerThread.id, 'where is the alarm?');
    await context.injected(otherReader, other, 'Alarm is in the hallway');

    await test.platform.memory.forget(principal, { memoryItemId: item.id });

    expect(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
    expect(await prisma.message.findFirstOrThrow({ where: { runId: otherReader.id, index: 2 }, select: { content: true, memoryItemIds: true } })).toEqual({
      content: 'Relevant memories:\n- Alarm is in the hallway',
      memoryItemIds: [other.id],
    });
  });
});
