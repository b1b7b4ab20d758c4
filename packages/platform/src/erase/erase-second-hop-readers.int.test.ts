import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { scanForContent } from '../memory/testing/scan-for-content';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { eraseFixtures, markerOf, runContent } from './testing/erase-fixtures';

/**
 * An erase audit found (fixed, ADR 0104, session 40): derived memory is followed one hop only. `eraseRows` reads the readers of the
 * erased items (`readersOf`), restarts them, and then adds the memory those readers derived
 * (`derivedFromReaders`) to the items to erase — but it never looks for the readers of that derived
 * memory. A run that found the first reader's fact ("The user's code is X") has its copies of the fact
 * redacted by id, yet its own episode (quoting the fact) stays, its evaluation cases stay, and, if it is
 * running, it is not restarted: its executor goes on with the erased text and writes it back.
 */
describe.each(databaseModes)('erase follows readers of derived memory (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('a run that read a fact derived from the erased memory loses its episode and is restarted if running', async () => {
    const marker = markerOf('secondhop');
    const context = await eraseFixtures(test, principal, 'user-hop');
    const { prisma, tenantId, thread, run, fact } = context;
    const toldRun = await run((await thread()).id, `my gate code is ${marker}`);
    const item = await fact(`Gate code: ${marker}`, toldRun.id);
    // First hop: a reader of the item, and the fact extraction derived from its answer.
    const firstReader = await run((await thread()).id, 'what is my gate code?');
    await context.injected(firstReader, item, `Gate code: ${marker}`);
    const derivedFact = await fact(`The user's gate code is ${marker}`, firstReader.id);
    // Second hop: a finished run that found the derived fact, with its episode; and one running now.
    const secondReader = await run((await thread()).id, 'open the gate');
    await context.searched(secondReader, derivedFact, `The user's gate code is ${marker}`);
    await prisma.memoryInjection.create({ data: { tenantId, runId: secondReader.id, memoryItemId: derivedFact.id, score: 0.8, source: 'tool_result' } });
    await test.platform.memoryPort.storeItem({
      scope: { tenantId, userId: 'user-hop' },
      kind: 'episode',
      key: `episode:${secondReader.id}`,
      content: `Task: open the gate\nKey tool results:\n- memory_search: The user's gate code is ${marker}`,
      sourceRunId: secondReader.id,
    });
    const runningReader = await run((await thread()).id, 'open the gate now', { status: 'running', leaseOwner: 'executor-elsewhere', leaseExpiresAt: new Date(Date.now() + 600_000) });
    await context.injected(runningReader, derivedFact, `The user's gate code is ${marker}`);

    await test.platform.erase.eraseRun(principal, { runId: toldRun.id });

    expect.soft(await scanForContent(test.platform.database, [marker], runContent)).toEqual([]);
    expect.soft(await prisma.memoryItem.count({ where: { sourceRunId: secondReader.id } })).toBe(0);
    // The running reader of the derived fact holds the erased text in its executor: restarted, as a direct reader is.
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runningReader.id }, select: { status: true } })).status).toBe('queued');
  });
});
