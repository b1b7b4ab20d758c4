import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { eraseFixtures, markerOf } from './testing/erase-fixtures';

/**
 * An erase audit found (fixed, ADR 0104, session 40): the receipt counts "rows changed per table" (`<table>_redacted`), but
 * `checkpoints_redacted` adds the summaries cleared to the checkpoints whose strings were redacted, so one
 * checkpoint row whose summary and held tool result both quote the erased memory counts twice (and a
 * stored in-flight reply, a `runs` column, counts as a checkpoint too).
 */
describe.each(databaseModes)('erase receipt counts rows (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('one reader checkpoint whose summary and held result quote the erased memory counts once', async () => {
    const marker = markerOf('receipt');
    const context = await eraseFixtures(test, principal, 'user-receipt');
    const { prisma, thread, run, fact } = context;
    const toldRun = await run((await thread()).id, `my pin is ${marker}`);
    const item = await fact(`PIN: ${marker}`, toldRun.id);
    const reader = await run((await thread()).id, 'what is my pin?');
    await context.injected(reader, item, `PIN: ${marker}`);
    await context.checkpoint(reader.id, {
      context: { summary: `The pin is ${marker}` },
      pendingCalls: [{ id: 'call-1', name: 'memory_search', arguments: {}, status: 'completed', result: { content: `[${item.id}] PIN: ${marker}`, isError: false } }],
    });

    const receipt = await test.platform.erase.eraseRun(principal, { runId: toldRun.id });

    expect(await prisma.checkpoint.count({ where: { runId: reader.id } })).toBe(1);
    expect(receipt.counts['checkpoints_redacted']).toBe(1);
  });
});
