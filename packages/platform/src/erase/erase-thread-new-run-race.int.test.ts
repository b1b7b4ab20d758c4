import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../testing';
import { eraseFixtures } from './testing/erase-fixtures';

/**
 * An erase audit found (fixed, ADR 0104, session 40): a thread erase reads the thread's runs (`ofThread`) without locking the thread,
 * then locks those runs, refuses if one is queued or running, and finally deletes the thread. A run
 * created in the thread after that read is neither locked nor checked: the thread's delete removes it by
 * cascade (`runs.thread_id ON DELETE CASCADE`). A client whose POST /runs was answered 201 finds its
 * queued run gone, the receipt does not count it, and no erase notification ends its streams — where the
 * same run created a moment earlier refuses the erase (`conflict`). Server database only (the race needs
 * two sessions).
 */
describe.each(databaseModes)('thread erase vs a run created in the thread meanwhile (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it.runIf(mode === 'server')('a queued run created while the erase runs refuses it (or survives it), and is never deleted uncounted', async () => {
    const { prisma, agentId, thread, run } = await eraseFixtures(test, principal, 'user-race');
    const erased = await thread();
    const earlier = await run(erased.id, 'an earlier turn');
    // Stop the erase after it has read the thread's runs: it waits to lock the earlier run.
    const held = await holdRowLock(test.platform.database, 'SELECT id FROM runs WHERE id = $1::uuid FOR UPDATE', earlier.id);
    const erasing = test.platform.erase.eraseThread(principal, { threadId: erased.id }).then(
      (receipt) => ({ receipt, error: undefined }),
      (error: unknown) => ({ receipt: undefined, error }),
    );
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%FOR UPDATE%')).toBeGreaterThan(0);

    const { run: created } = await test.platform.runs.create(principal, { agentId, threadId: erased.id, input: 'a new question' });
    held.release();
    const outcome = await erasing;

    const survived = (await prisma.run.count({ where: { id: created.id } })) === 1;
    const refused = (outcome.error as { kind?: string } | undefined)?.kind === 'conflict';
    expect({ survived, refused, receiptRuns: outcome.receipt?.counts['runs'] }).toEqual(expect.objectContaining({ refused: true }));
  });
});
