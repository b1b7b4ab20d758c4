import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../testing';

/**
 * "A key has one live value, whatever the interleaving of its writers" (memory-key-supersede-race)
 * holds for forget with `restorePrevious` and for the undo of an extraction's UPDATE (which calls
 * it) too: they make the previous value live again, so they are writers of the key. They used to
 * take no key lock: a store of the same key running at the same time saw only the value being
 * forgotten as "the previous live one", superseded nothing else, and the restored value stayed live
 * beside the new one. Now they take the key's lock first and decide under it.
 *
 * Server only (two connections). A third transaction holding a row lock on the forgotten value
 * ("Porto") fixes the interleaving: whichever side starts first stops at that row, then the other
 * side starts and stops too (at the same row, or at the key's lock), then the lock is released.
 */
describe('forget(restorePrevious) and undo while the same key is stored (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let runId: string;
  const key = 'user.city';

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    // The run an extraction decision belongs to (extraction itself needs a model: tested elsewhere).
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'forget-race-agent', config: {} });
    const version = await test.platform.database.prisma.agentVersion.findFirstOrThrow({ where: { agentId }, select: { id: true } });
    const run = await test.platform.database.prisma.run.create({
      data: { tenantId: principal.tenantId, agentId, agentVersionId: version.id, status: 'succeeded', input: { text: 'I moved.' }, finishedAt: new Date() },
      select: { id: true },
    });
    runId = run.id;
  });
  afterAll(() => test?.dispose());

  /** "Lisbon", then "Porto" replacing it (live), in a scope of its own. */
  async function seed(scopeId: string) {
    const scope = { level: 'user' as const, id: scopeId };
    const lisbon = await test.platform.memory.store(principal, { scope, kind: 'fact', key, content: 'The user lives in Lisbon' });
    const porto = await test.platform.memory.store(principal, { scope, kind: 'fact', key, content: 'The user lives in Porto' });
    const braga = () => test.platform.memory.store(principal, { scope, kind: 'fact', key, content: 'The user lives in Braga' });
    return { scopeId, lisbon, porto, braga };
  }

  /** An extraction's UPDATE decision: "Porto" replaced "Lisbon". */
  async function updateDecision(seeded: Awaited<ReturnType<typeof seed>>): Promise<string> {
    const decision = await test.platform.database.prisma.memoryDecision.create({
      data: { tenantId: principal.tenantId, runId, event: 'update', key, memoryItemId: seeded.porto.id, previousItemId: seeded.lisbon.id, reason: 'moved' },
      select: { id: true },
    });
    return decision.id;
  }

  /** Starts `first`, waits until it is blocked, starts `second`, waits until both are, then lets them go. */
  async function race<A, B>(lockedItemId: string, first: () => Promise<A>, second: () => Promise<B>) {
    const holder = await holdRowLock(test.platform.database, 'SELECT id FROM memory_items WHERE id = $1::uuid FOR UPDATE', lockedItemId);
    const waiting = () => sessionsWaitingOnLocks(test.platform.database);
    const firstDone = first();
    await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toBe(1);
    const secondDone = second();
    await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toBe(2);
    holder.release();
    await holder.done;
    return Promise.allSettled([firstDone, secondDone]);
  }

  async function liveValues(scopeId: string): Promise<string[]> {
    const live = await test.platform.database.prisma.memoryItem.findMany({
      where: { tenantId: principal.tenantId, scope: 'user', scopeId, key, supersededById: null },
      select: { content: true },
    });
    return live.map((item) => item.content).sort();
  }

  async function supersededBy(id: string): Promise<string | null | undefined> {
    const item = await test.platform.database.prisma.memoryItem.findUnique({ where: { id }, select: { supersededById: true } });
    return item?.supersededById;
  }

  it('forget first: "Lisbon" comes back, then the store supersedes it — one live value', async () => {
    const seeded = await seed('end-user-forget-first');
    const [forget, store] = await race(
      seeded.porto.id,
      () => test.platform.memory.forget(principal, { memoryItemId: seeded.porto.id, restorePrevious: true }),
      seeded.braga,
    );
    expect(forget).toMatchObject({ status: 'fulfilled', value: { forgotten: true, restoredId: seeded.lisbon.id } });
    expect(store.status).toBe('fulfilled');
    expect(await liveValues(seeded.scopeId)).toEqual(['The user lives in Braga']);
    expect(store.status === 'fulfilled' && store.value.id).toBe(await supersededBy(seeded.lisbon.id));
  });

  it('store first: the forgotten value is history by then, so nothing is restored — one live value', async () => {
    const seeded = await seed('end-user-store-first');
    const [store, forget] = await race(seeded.porto.id, seeded.braga, () =>
      test.platform.memory.forget(principal, { memoryItemId: seeded.porto.id, restorePrevious: true }),
    );
    expect(store.status).toBe('fulfilled');
    // Reported: forgotten, but no value made live again ("Braga" is newer than "Lisbon").
    expect(forget).toMatchObject({ status: 'fulfilled', value: { forgotten: true, restoredId: null } });
    expect(await liveValues(seeded.scopeId)).toEqual(['The user lives in Braga']);
    // The chain is spliced, not cut: "Lisbon" now points at "Braga".
    expect(store.status === 'fulfilled' && store.value.id).toBe(await supersededBy(seeded.lisbon.id));
  });

  it('undo of an UPDATE first: "Lisbon" comes back, then the store supersedes it — one live value', async () => {
    const seeded = await seed('end-user-undo-first');
    const decisionId = await updateDecision(seeded);
    const [undo, store] = await race(seeded.porto.id, () => test.platform.memory.undoDecision(principal, { decisionId }), seeded.braga);
    expect(undo).toMatchObject({ status: 'fulfilled', value: { undoable: false } });
    expect(store.status).toBe('fulfilled');
    expect(await liveValues(seeded.scopeId)).toEqual(['The user lives in Braga']);
  });

  it('store first, then undo of the UPDATE: a 409 (a later change replaced it), nothing undone', async () => {
    const seeded = await seed('end-user-undo-second');
    const decisionId = await updateDecision(seeded);
    const [store, undo] = await race(seeded.porto.id, seeded.braga, () => test.platform.memory.undoDecision(principal, { decisionId }));
    expect(store.status).toBe('fulfilled');
    // The undo checks the decision under the key's lock, so it sees "Braga" replaced "Porto".
    expect(undo).toMatchObject({ status: 'rejected', reason: { kind: 'conflict' } });
    expect(await liveValues(seeded.scopeId)).toEqual(['The user lives in Braga']);
    const decision = await test.platform.database.prisma.memoryDecision.findUniqueOrThrow({ where: { id: decisionId }, select: { undoneAt: true } });
    expect(decision.undoneAt).toBeNull();
    expect(await supersededBy(seeded.porto.id)).not.toBeNull();
  });
});
