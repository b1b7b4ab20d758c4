import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';
import { scanForContent } from '../testing/scan-for-content';

/**
 * Conversations as memory (ADR 0025): a turn said in one thread is recalled in a new thread of the
 * same end user, and erasing the thread or the run leaves none of it for a later run to find.
 */
describe.each(databaseModes)('conversations as memory (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { executor: { recoveryIntervalMs: 300 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  /** "tell" runs answer plainly; "recall" runs search memory for the locker code, then answer. */
  const createAgent = (scope: 'thread' | 'user') =>
    createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `conversations-${randomUUID()}`,
      config: {
        memoryWriting: { conversations: { scope } },
        demoScript: {
          replies: [
            { whenTaskIncludes: 'tell', text: 'Noted, I will remember that.' },
            { whenTaskIncludes: 'recall', toolCalls: [{ name: 'memory_search', arguments: { query: 'locker code' } }] },
            { whenTaskIncludes: 'recall', text: 'Here is what I found.' },
          ],
        },
      },
    });
  const runToEnd = async (agentId: string, threadId: string, input: string): Promise<string> => {
    const { run } = await test.platform.runs.create(principal, { agentId, threadId, input });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    return run.id;
  };
  const turnOf = (runId: string) => test.platform.database.prisma.memoryItem.findFirst({ where: { sourceRunId: runId, key: `turn:${runId}` } });
  const waitForTurn = async (runId: string) => {
    await expect.poll(() => turnOf(runId), { timeout: 60_000 }).not.toBeNull();
    return (await turnOf(runId))!;
  };
  /** Everything the run's model saw or said, as one text. */
  const promptOf = async (runId: string) =>
    (await test.platform.database.prisma.message.findMany({ where: { runId }, select: { content: true } })).map((message) => message.content).join('\n');

  it('a new thread of the same end user recalls a turn said in an earlier thread; another user does not; erasing the thread removes it', async () => {
    const marker = `zqlocker${randomUUID().slice(0, 8)}`;
    const agentId = await createAgent('user');
    const earlier = await test.platform.threads.create(principal, { agentId, endUserId: 'user-ana' });
    const told = await runToEnd(agentId, earlier.id, `Please tell yourself: my locker code is ${marker}`);
    const turn = await waitForTurn(told);
    const toldRun = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: told } });
    expect(turn).toMatchObject({ scope: 'user', scopeId: 'user-ana', threadId: earlier.id, kind: 'episode' });
    expect(turn.content).toBe(`User: Please tell yourself: my locker code is ${marker}\nAssistant: Noted, I will remember that.`);
    expect(turn.occurredAt?.toISOString()).toBe(toldRun.createdAt.toISOString());

    const later = await test.platform.threads.create(principal, { agentId, endUserId: 'user-ana' });
    const recalled = await runToEnd(agentId, later.id, 'recall my locker code');
    expect(await promptOf(recalled)).toContain(marker);
    const stranger = await test.platform.threads.create(principal, { agentId, endUserId: 'user-bo' });
    expect(await promptOf(await runToEnd(agentId, stranger.id, 'recall my locker code'))).not.toContain(marker);

    await test.platform.erase.eraseThread(principal, { threadId: earlier.id });
    // The recall run's copy of the search result is erased with its source too (erase by content).
    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
    const afterErase = await test.platform.threads.create(principal, { agentId, endUserId: 'user-ana' });
    const again = await runToEnd(agentId, afterErase.id, 'recall my locker code');
    expect(await promptOf(again)).not.toContain(marker);
    expect(
      (await test.platform.memory.search(principal, { text: `locker code ${marker}`, scope: { userId: 'user-ana' } }))
        .map((hit) => hit.item.content)
        .join('\n'),
    ).not.toContain(marker);
  });

  it('at thread level only that thread recalls the turn; erasing the run removes it', async () => {
    const marker = `zqbadge${randomUUID().slice(0, 8)}`;
    const agentId = await createAgent('thread');
    const thread = await test.platform.threads.create(principal, { agentId, endUserId: 'user-cy' });
    const told = await runToEnd(agentId, thread.id, `Please tell yourself: my locker code is ${marker}`);
    expect(await waitForTurn(told)).toMatchObject({ scope: 'thread', scopeId: thread.id });
    const sibling = await test.platform.threads.create(principal, { agentId, endUserId: 'user-cy' });
    expect(await promptOf(await runToEnd(agentId, sibling.id, 'recall my locker code'))).not.toContain(marker);

    await test.platform.erase.eraseRun(principal, { runId: told });
    expect(await turnOf(told)).toBeNull();
    const again = await runToEnd(agentId, thread.id, 'recall my locker code');
    expect(await promptOf(again)).not.toContain(marker);
  });

  it('memory_store shows the nearest keyed memory of another run; erasing that run redacts the copy', async () => {
    const marker = `zqbadge${randomUUID().slice(0, 8)}`;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `neighbours-${randomUUID()}`,
      config: {
        demoScript: {
          replies: [
            {
              whenTaskIncludes: 'first',
              toolCalls: [{ name: 'memory_store', arguments: { content: `The badge office code is ${marker}`, key: 'office.badge_code' } }],
            },
            { whenTaskIncludes: 'first', text: 'Stored.' },
            { whenTaskIncludes: 'second', toolCalls: [{ name: 'memory_store', arguments: { content: 'The badge office code changes every month' } }] },
            { whenTaskIncludes: 'second', text: 'Stored too.' },
          ],
        },
      },
    });
    const thread = await test.platform.threads.create(principal, { agentId });
    const first = await runToEnd(agentId, thread.id, 'first: store the badge code');
    const second = await runToEnd(agentId, thread.id, 'second: store the rotation rule');
    const storeResult = (await test.platform.database.prisma.toolCall.findFirstOrThrow({ where: { runId: second, name: 'memory_store' } })).result as {
      content: string;
    };
    expect(storeResult.content).toContain(`key=office.badge_code`);
    expect(storeResult.content).toContain(marker);

    await test.platform.erase.eraseRun(principal, { runId: first });
    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
  });
});
