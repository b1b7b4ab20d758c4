import { randomUUID } from 'node:crypto';

import type { Prisma } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import type { AgentConfigInput } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('memory usage reads for the inspector (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let outsider: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { executor: { recoveryIntervalMs: 300 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const other = await test.platform.database.prisma.tenant.create({ data: { slug: `other-${randomUUID()}`, name: 'Other' } });
    outsider = { tenantId: other.id, tenantName: 'Other', apiKeyId: randomUUID(), apiKeyName: 'outsider', role: 'admin' };
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const createAgent = async (config: AgentConfigInput): Promise<string> => {
    const { prisma } = test.platform.database;
    const agent = await prisma.agent.create({ data: { tenantId: principal.tenantId, slug: `agent-${randomUUID()}`, name: 'Usage test agent' } });
    await prisma.agentVersion.create({
      data: {
        tenantId: principal.tenantId,
        agentId: agent.id,
        version: 1,
        config: JSON.parse(JSON.stringify(config)) as Prisma.InputJsonObject,
        configHash: randomUUID(),
      },
    });
    return agent.id;
  };

  it('lists the runs and steps an item reached with their scores, and the scores a run\u2019s messages carried', async () => {
    const agentId = await createAgent({ memoryInjection: { maxMemories: 2, minScore: 0.1 }, demoScript: { replies: [{ text: 'Friday.' }] } });
    const stored = await test.platform.memory.store(principal, {
      scope: { level: 'agent', id: agentId },
      kind: 'fact',
      content: 'The release freeze starts on Friday',
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'When does the release freeze start?' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 30_000 }).toBe('succeeded');

    const { injections, nextCursor } = await test.platform.memory.injections(principal, { memoryItemId: stored.id });
    expect(nextCursor).toBeNull();
    expect(injections).toHaveLength(1);
    const [injection] = injections;
    expect(injection).toMatchObject({ runId: run.id, source: 'auto_injection' });
    expect(injection!.score).toBeGreaterThan(0);
    expect(injection!.stepIndex).toEqual(expect.any(Number));

    const block = await test.platform.database.prisma.message.findFirstOrThrow({ where: { runId: run.id, kind: 'memory_block' } });
    const hits = await test.platform.memory.runHits(principal, { runId: run.id, memoryItemIds: block.memoryItemIds });
    // The parts of the score travel with it: the calibrated relevance the threshold compared, and both lists' parts.
    expect([typeof injection!.scoreParts?.relevance, typeof injection!.scoreParts?.lexical, injection!.scoreParts?.pinned]).toEqual(['number', 'number', 0]);
    expect(injection!.scoreParts!.relevance).toBeGreaterThanOrEqual(0.1);
    expect(hits).toEqual([{ memoryItemId: stored.id, stepId: injection!.stepId, score: injection!.score, scoreParts: injection!.scoreParts, source: 'auto_injection' }]);
    expect(await test.platform.memory.runHits(principal, { runId: run.id, memoryItemIds: [] })).toEqual([]);

    await expect(test.platform.memory.injections(outsider, { memoryItemId: stored.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.memory.runHits(outsider, { runId: run.id, memoryItemIds: [stored.id] })).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('does not inject an unrelated memory at the default threshold, though words overlap', async () => {
    const agentId = await createAgent({ memoryInjection: { maxMemories: 3, minScore: 0.3 }, demoScript: { replies: [{ text: 'Tuesday.' }] } });
    const unrelated = await test.platform.memory.store(principal, {
      scope: { level: 'agent', id: agentId },
      kind: 'fact',
      content: 'The cafeteria window closes at noon on Fridays',
    });
    await test.platform.memory.store(principal, { scope: { level: 'agent', id: agentId }, kind: 'fact', content: 'Badges are renewed every January' });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'When is the production deploy window for the payments service?' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 30_000 }).toBe('succeeded');
    expect(await test.platform.database.prisma.memoryInjection.count({ where: { runId: run.id } })).toBe(0);
    expect((await test.platform.memory.injections(principal, { memoryItemId: unrelated.id })).injections).toEqual([]);
  });

  it('pages injections newest first by cursor', async () => {
    // Room for three: the first run's episode summary (written in the background) also mentions the
    // colour and may outrank the fact in the second run.
    const agentId = await createAgent({ memoryInjection: { maxMemories: 3, minScore: 0.1 }, demoScript: { replies: [{ text: 'Blue.' }] } });
    const stored = await test.platform.memory.store(principal, { scope: { level: 'agent', id: agentId }, kind: 'fact', content: 'The team colour is blue' });
    const runIds: string[] = [];
    for (const question of ['What is the team colour?', 'Remind me of the team colour']) {
      const { run } = await test.platform.runs.create(principal, { agentId, input: question });
      await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 30_000 }).toBe('succeeded');
      runIds.push(run.id);
    }
    const first = await test.platform.memory.injections(principal, { memoryItemId: stored.id, limit: 1 });
    expect(first.injections.map((injection) => injection.runId)).toEqual([runIds[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await test.platform.memory.injections(principal, { memoryItemId: stored.id, limit: 1, cursor: first.nextCursor! });
    expect(second.injections.map((injection) => injection.runId)).toEqual([runIds[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it('returns the supersession chain of a key oldest first from any of its items', async () => {
    const key = `user.language.${randomUUID()}`;
    const store = (content: string) => test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', key, content });
    const english = await store('The user prefers English');
    const german = await store('The user prefers German');
    const french = await store('The user prefers French');
    const expected = [english.id, german.id, french.id];
    for (const item of [english, german, french]) {
      const chain = await test.platform.memory.supersessionChain(principal, { memoryItemId: item.id });
      expect(chain.map((link) => link.id)).toEqual(expected);
    }
    const chain = await test.platform.memory.supersessionChain(principal, { memoryItemId: french.id });
    expect(chain.map((link) => link.supersededById)).toEqual([german.id, french.id, null]);
    const unkeyed = await test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: 'No key here' });
    expect((await test.platform.memory.supersessionChain(principal, { memoryItemId: unkeyed.id })).map((link) => link.id)).toEqual([unkeyed.id]);
    await expect(test.platform.memory.supersessionChain(outsider, { memoryItemId: french.id })).rejects.toMatchObject({ kind: 'not-found' });
  });
});
