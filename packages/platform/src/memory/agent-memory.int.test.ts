import { randomUUID } from 'node:crypto';

import type { Prisma } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import type { AgentConfigInput } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';
import { scanForIds } from './testing/scan-for-id';

describe.each(databaseModes)('agent memory end to end (%s)', (mode) => {
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

  const createAgent = async (config: AgentConfigInput, owner: Principal = principal): Promise<string> => {
    const { prisma } = test.platform.database;
    const agent = await prisma.agent.create({ data: { tenantId: owner.tenantId, slug: `agent-${randomUUID()}`, name: 'Memory test agent' } });
    await prisma.agentVersion.create({
      data: {
        tenantId: owner.tenantId,
        agentId: agent.id,
        version: 1,
        config: JSON.parse(JSON.stringify(config)) as Prisma.InputJsonObject,
        configHash: randomUUID(),
      },
    });
    return agent.id;
  };
  const runToEnd = async (agentId: string, input: string, threadId?: string): Promise<string> => {
    const { run } = await test.platform.runs.create(principal, { agentId, input, ...(threadId ? { threadId } : {}) });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 30_000 }).toBe('succeeded');
    return run.id;
  };

  it('creates, lists, renames and archives threads; another tenant\u2019s thread is not found', async () => {
    const agentId = await createAgent({ demoScript: { replies: [{ text: 'ok' }] } });
    const thread = await test.platform.threads.create(principal, { agentId, endUserId: 'user-7', title: 'Planning' });
    expect((await test.platform.threads.list(principal, { agentId })).threads.map((listed) => listed.id)).toEqual([thread.id]);
    expect((await test.platform.threads.rename(principal, { threadId: thread.id, title: 'Q3 planning' })).title).toBe('Q3 planning');
    expect((await test.platform.threads.archive(principal, { threadId: thread.id })).archivedAt).not.toBeNull();
    expect((await test.platform.threads.list(principal, { agentId })).threads).toEqual([]);
    await expect(test.platform.threads.get(outsider, { threadId: thread.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.threads.messages(outsider, { threadId: thread.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.runs.create(outsider, { agentId, input: 'x', threadId: thread.id })).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('seeds the second run on a thread with the first run\u2019s turns (thread_history) and lists the thread across runs', async () => {
    const agentId = await createAgent({
      demoScript: {
        replies: [
          { whenTaskIncludes: 'which plan', text: 'We approved plan X.' },
          { whenTaskIncludes: 'remind', text: 'As decided earlier: plan X.' },
        ],
      },
    });
    const thread = await test.platform.threads.create(principal, { agentId });
    const first = await runToEnd(agentId, 'Which plan do we pick?', thread.id);
    const second = await runToEnd(agentId, 'Remind me of our decision', thread.id);
    const { prisma } = test.platform.database;
    const seeded = await prisma.message.findMany({ where: { runId: second, kind: 'thread_history' }, orderBy: { index: 'asc' } });
    expect(seeded.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Which plan do we pick?'],
      ['assistant', 'We approved plan X.'],
    ]);
    expect((await test.platform.runs.get(principal, { runId: second })).output).toEqual({ text: 'As decided earlier: plan X.' });
    const { messages } = await test.platform.threads.messages(principal, { threadId: thread.id });
    expect(messages.map((message) => message.runId)).toEqual(
      [...messages.filter((message) => message.runId === first), ...messages.filter((message) => message.runId === second)].map((message) => message.runId),
    );
    expect(messages.some((message) => message.kind === 'thread_history')).toBe(false);
    // Working memory: one system prompt per run, even with seeded history.
    for (const runId of [first, second]) expect(await prisma.message.count({ where: { runId, role: 'system' } })).toBe(1);
    const metrics = await test.platform.metrics.render();
    // Histograms observed as the runs committed (ADR 0046).
    expect(metrics).toMatch(/agentloom_prompt_tokens_from_history_sum [1-9]/);
    expect(metrics).toMatch(/agentloom_messages_per_run_sum [1-9]/);
    expect(metrics).toMatch(/agentloom_checkpoint_bytes_sum [1-9]/);
  });

  it('recalls a fact decided in an earlier run through memory_search, recording the injection', async () => {
    const agentId = await createAgent({
      demoScript: {
        replies: [
          {
            whenTaskIncludes: 'decide',
            text: 'Recording the decision.',
            toolCalls: [{ name: 'memory_store', arguments: { content: 'Decision: the team approved plan X for the Q3 database migration', key: 'q3-plan' } }],
          },
          { whenTaskIncludes: 'decide', text: 'Decided: plan X.' },
          {
            whenTaskIncludes: 'recall',
            text: 'Looking it up.',
            toolCalls: [{ name: 'memory_search', arguments: { query: 'which plan was approved for the migration' } }],
          },
          { whenTaskIncludes: 'recall', text: 'Plan X was approved.' },
        ],
      },
    });
    await runToEnd(agentId, 'Please decide the migration plan');
    const recall = await runToEnd(agentId, 'Please recall the migration plan');
    const { prisma } = test.platform.database;
    const toolMessage = await prisma.message.findFirstOrThrow({ where: { runId: recall, role: 'tool' } });
    expect(toolMessage.content).toContain('approved plan X');
    const injections = await prisma.memoryInjection.findMany({ where: { runId: recall } });
    expect(injections.map((injection) => injection.source)).toContain('tool_result');
    expect(toolMessage.memoryItemIds).toContain(injections[0]!.memoryItemId);
    const events = (await test.platform.runEvents.list(principal, { runId: recall, limit: 1000 })).events;
    expect(events.some((event) => event.type === 'memory-injected')).toBe(true);

    const hits = await test.platform.memory.search(principal, { text: 'approved plan for the migration', scope: { agentId } });
    expect(hits[0]?.item.content).toContain('approved plan X');
    expect(await test.platform.memory.search(outsider, { text: 'approved plan for the migration', scope: { agentId } })).toEqual([]);
    await test.platform.memory.forget(principal, { memoryItemId: hits[0]!.item.id });
    const after = await test.platform.memory.search(principal, { text: 'approved plan for the migration', scope: { agentId }, kinds: ['fact'] });
    expect(after.map((hit) => hit.item.id)).not.toContain(hits[0]!.item.id);
  });

  it('injects memories automatically when the agent config enables it, and records them on the memory block', async () => {
    const agentId = await createAgent({ memoryInjection: { maxMemories: 2, minScore: 0.1 }, demoScript: { replies: [{ text: 'Tuesday.' }] } });
    const stored = await test.platform.memory.store(principal, {
      scope: { level: 'agent', id: agentId },
      kind: 'fact',
      content: 'The deploy window is Tuesday at 14:00 UTC',
    });
    const runId = await runToEnd(agentId, 'When is the deploy window?');
    const { prisma } = test.platform.database;
    const block = await prisma.message.findFirstOrThrow({ where: { runId, kind: 'memory_block' } });
    expect(block.memoryItemIds).toEqual([stored.id]);
    expect(await prisma.memoryInjection.count({ where: { runId, memoryItemId: stored.id, source: 'auto_injection' } })).toBe(1);
    expect((await test.platform.memory.get(principal, { memoryItemId: stored.id })).lastUsedAt).not.toBeNull();
  });

  it('writes an extractive episode after a run succeeds (durable flag, background sweep)', async () => {
    const agentId = await createAgent({ demoScript: { replies: [{ text: 'The report is ready.' }] } });
    const runId = await runToEnd(agentId, 'Prepare the weekly report');
    const { prisma } = test.platform.database;
    await expect.poll(() => prisma.memoryItem.count({ where: { sourceRunId: runId, kind: 'episode' } }), { timeout: 30_000 }).toBe(1);
    const episode = await prisma.memoryItem.findFirstOrThrow({ where: { sourceRunId: runId, kind: 'episode' } });
    expect(episode.content).toContain('Prepare the weekly report');
    expect(episode.metadata).toMatchObject({ outcome: 'succeeded', summarizer: 'extractive/v1' });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).episodePending).toBe(false);
  });

  it('erases a run with its memory, events and ledger, leaving no row that mentions it', async () => {
    const agentId = await createAgent({
      demoScript: { replies: [{ text: 'Stored.', toolCalls: [{ name: 'memory_store', arguments: { content: 'run secret fact' } }] }, { text: 'Done.' }] },
    });
    const runId = await runToEnd(agentId, 'Store a run secret');
    const receipt = await test.platform.erase.eraseRun(principal, { runId });
    expect(receipt.counts['runs']).toBe(1);
    // The stored fact, and the run's episode summary when the background sweep has written it.
    expect(receipt.counts['memory_items']).toBeGreaterThanOrEqual(1);
    expect(receipt.counts['run_events']).toBeGreaterThan(0);
    expect(await scanForIds(test.platform.database, [runId])).toEqual([]);
    expect(await test.platform.memory.search(principal, { text: 'run secret fact', scope: { agentId } })).toEqual([]);
  });

  it('erases a thread and then the tenant, leaving no row that mentions them', async () => {
    const agentId = await createAgent({
      demoScript: { replies: [{ text: 'Stored.', toolCalls: [{ name: 'memory_store', arguments: { content: 'thread secret fact' } }] }, { text: 'Done.' }] },
    });
    const thread = await test.platform.threads.create(principal, { agentId });
    const runId = await runToEnd(agentId, 'Store a secret', thread.id);
    await test.platform.memory.search(principal, { text: 'secret', scope: { agentId, threadId: thread.id } });
    const receipt = await test.platform.erase.eraseThread(principal, { threadId: thread.id });
    expect(receipt.counts).toMatchObject({ runs: 1, threads: 1 });
    expect(receipt.counts['messages']).toBeGreaterThan(0);
    expect(receipt.counts['memory_items']).toBeGreaterThan(0);
    expect(await scanForIds(test.platform.database, [thread.id, runId])).toEqual([]);

    const tenantReceipt = await test.platform.erase.eraseTenant(principal, { confirmTenantId: principal.tenantId });
    expect(tenantReceipt.counts['tenants']).toBe(1);
    expect(await scanForIds(test.platform.database, [principal.tenantId])).toEqual([]);
  });
});
