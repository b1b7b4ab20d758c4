import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform, holdRowLock, sessionsWaitingOnLocks } from '../testing';

/**
 * Supersede by key: whatever the interleaving of its writers, a key has one live value, and its
 * older values form one history chain (each superseded by the next). Two writers used to insert
 * their items and then both look for "the previous live item" before either committed: neither saw
 * the other's item, both superseded the old one, and two values stayed live. Writers of one key now
 * take the key's advisory lock first (`insertMemoryItem`). API stores and post-run extractions of
 * one end user meet here (extractions share the erase fence, so nothing else orders them).
 */
const key = 'locker_code';

/** The key's items in supersede order, oldest first, and how many of them are live. */
async function historyOf(test: TestPlatform, tenantId: string, scopeId: string): Promise<{ chain: string[]; live: number }> {
  const items = await test.platform.database.prisma.memoryItem.findMany({
    where: { tenantId, scope: 'user', scopeId, key },
    select: { id: true, content: true, supersededById: true },
  });
  const live = items.filter((item) => item.supersededById === null);
  const chain: string[] = [];
  // Walk back from a live item: each step finds the one item it superseded (two would be a fork).
  for (let current = live[0]; current;) {
    chain.unshift(current.content);
    const superseded = items.filter((item) => item.supersededById === current!.id);
    if (superseded.length > 1) throw new Error(`${superseded.length} items superseded by one`);
    current = superseded[0];
  }
  return { chain, live: live.length };
}

describe.each(databaseModes)('writers of one memory key at once (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('five stores at once leave one live value and a history chain of all six', async () => {
    const scope = { level: 'user' as const, id: `end-user-many-${mode}` };
    await test.platform.memory.store(principal, { scope, kind: 'fact', key, content: 'The locker code is 0' });
    await Promise.all(
      [1, 2, 3, 4, 5].map((code) => test.platform.memory.store(principal, { scope, kind: 'fact', key, content: `The locker code is ${code}` })),
    );

    const history = await historyOf(test, principal.tenantId, scope.id);
    expect(history.live).toBe(1);
    expect(history.chain).toHaveLength(6);
    expect(history.chain[0]).toBe('The locker code is 0');
    const listed = (await test.platform.memory.list(principal, { level: 'user', scopeId: scope.id })).items.map((item) => item.content);
    expect(listed).toEqual([history.chain[5]]);
  });
});

/**
 * Server only: the race needs two connections. To make the interleaving deterministic, a third
 * transaction holds a row lock on the live value O, so the first writer stops at marking O
 * superseded while the second is under way too. (Unfixed, both stop there, having both inserted
 * their item and both read O as "the previous one"; fixed, the second waits for the key's lock.)
 */
describe('two writers of one memory key at once (server)', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
  });
  afterAll(() => test?.dispose());

  it('the later writer supersedes the earlier one: one live value, history O → first → second', async () => {
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const scope = { level: 'user' as const, id: 'end-user-race' };
    const original = await test.platform.memory.store(principal, { scope, kind: 'fact', key, content: 'The locker code is 1111' });

    const holder = await holdRowLock(test.platform.database, 'SELECT id FROM memory_items WHERE id = $1::uuid FOR UPDATE', original.id);
    const waiting = () => sessionsWaitingOnLocks(test.platform.database);

    const first = test.platform.memory.store(principal, { scope, kind: 'fact', key, content: 'The locker code is 2222' });
    const second = test.platform.memory.store(principal, { scope, kind: 'fact', key, content: 'The locker code is 3333' });
    // Both writers are blocked: one on O's row, the other on O's row too (unfixed) or on the key.
    await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toBe(2);
    holder.release();
    await holder.done;
    await Promise.all([first, second]);

    const history = await historyOf(test, principal.tenantId, scope.id);
    expect(history.live).toBe(1);
    expect(history.chain).toHaveLength(3);
    expect(history.chain[0]).toBe('The locker code is 1111');
    expect([...history.chain.slice(1)].sort()).toEqual(['The locker code is 2222', 'The locker code is 3333']);
    const listed = (await test.platform.memory.list(principal, { level: 'user', scopeId: scope.id })).items.map((item) => item.content);
    expect(listed).toEqual([history.chain[2]]);
  });
});
