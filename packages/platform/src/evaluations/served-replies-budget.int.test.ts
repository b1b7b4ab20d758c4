import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { selectBudgetState } from '../budgets/budget-state-sql';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import { completedExperiment } from './experiment-test-helpers';

const lookup = defineTool({
  name: 'lookup_order',
  description: 'Reads an order.',
  implementationId: 'served-budget-test/v1/lookup_order',
  inputSchema: z.object({ orderId: z.string() }),
  sideEffects: 'none',
  execute: (args) => Promise.resolve({ content: `order ${args.orderId}: paid` }),
});

const script = {
  replies: [{ text: 'Looking it up.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1' } }] }, { text: 'Order A1 is paid.' }],
};

/**
 * ADR 0083: a reply served from a recording spends nothing, so its recorded usage stays on the replay
 * run (the replay's deltas compare it with the recording) and is never billed to the tenant's or the
 * agent's budget; a reply the version's model gives is billed as in a live run.
 */
describe.each(databaseModes)('served replies and budgets (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { tools: [lookup] });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'orders', config: { instructions: 'Orders.', tools: ['lookup_order'], demoScript: script } });
    // Another prompt: no recorded reply answers its conversation, so its model answers every call.
    const changed = { instructions: 'Orders, politely.', tools: ['lookup_order'], demoScript: script };
    await test.platform.database.prisma.agentVersion.create({ data: { tenantId: principal.tenantId, agentId, version: 2, configHash: 'served-budget-2', config: changed } });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  async function billed(subject: string): Promise<number> {
    const rows = await test.platform.database.prisma.budgetUsageDay.findMany({ where: { tenantId: principal.tenantId, subject }, select: { tokens: true } });
    return rows.reduce((sum, row) => sum + Number(row.tokens), 0);
  }

  /** `agentloom_model_tokens_total` of the agent, both directions (the usage metrics count what was spent). */
  async function countedTokens(): Promise<number> {
    const exposition = await test.platform.metrics.render();
    return [...exposition.matchAll(/^agentloom_model_tokens_total\{([^}]*)\} (\S+)$/gm)].filter((line) => line[1]!.includes('agent="orders"')).reduce((sum, line) => sum + Number(line[2]), 0);
  }

  async function replayRunOf(agentVersion: number): Promise<{ tokens: number; servedTokens: number }> {
    const created = await test.platform.experiments.create(principal, { dataset: `orders-${mode}`, agentId, agentVersion, scorers: [{ type: 'exact' }] });
    const view = await completedExperiment(test, principal, created.id);
    const run = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: view.results[0]!.runId }, select: { status: true, inputTokens: true, outputTokens: true, servedTokens: true } });
    expect(run.status).toBe('succeeded');
    return { tokens: run.inputTokens + run.outputTokens, servedTokens: run.servedTokens };
  }

  it('keeps a recorded replay’s usage on its run and off the budgets, and bills the calls its version’s model answers', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, agentVersion: 1, input: 'Is order A1 paid?' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    const live = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { inputTokens: true, outputTokens: true, servedTokens: true } });
    const liveTokens = live.inputTokens + live.outputTokens;
    expect(liveTokens).toBeGreaterThan(0);
    expect(live.servedTokens).toBe(0);
    expect(await billed(agentId)).toBe(liveTokens);
    expect(await countedTokens()).toBe(liveTokens);
    await test.platform.datasets.create(principal, { name: `orders-${mode}` });
    await test.platform.datasets.addRuns(principal, { name: `orders-${mode}`, runIds: [run.id] });

    // Recorded mode, same version: every reply is served. The run counts the recording's usage, nobody is billed.
    const served = await replayRunOf(1);
    expect(served).toEqual({ tokens: liveTokens, servedTokens: liveTokens });
    expect(await billed(agentId)).toBe(liveTokens);
    expect(await billed('tenant')).toBe(liveTokens);
    expect(await countedTokens()).toBe(liveTokens);

    // A changed prompt: its model answers, and those tokens are billed like a live run's.
    const answered = await replayRunOf(2);
    expect(answered.servedTokens).toBe(0);
    expect(answered.tokens).toBeGreaterThan(0);
    expect(await billed(agentId)).toBe(liveTokens + answered.tokens);
    expect(await countedTokens()).toBe(liveTokens + answered.tokens);
  });

  it('bills only the unserved part of a counter change, and leaves the usage rows as they were when all of it was served', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, agentVersion: 1, input: 'Is order B2 paid?' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    const usageRows = () => test.platform.database.prisma.budgetUsageDay.findMany({ where: { tenantId: principal.tenantId }, orderBy: [{ subject: 'asc' }, { slot: 'asc' }] });
    // A subject's usage is the sum of its day's slots (ADR 0100).
    const usageBySubject = async () => {
      const sums = new Map<string, { tokens: number; costUsd: number }>();
      for (const row of await usageRows()) {
        const sum = sums.get(row.subject) ?? { tokens: 0, costUsd: 0 };
        sums.set(row.subject, { tokens: sum.tokens + Number(row.tokens), costUsd: sum.costUsd + Number(row.costUsd) });
      }
      return sums;
    };
    const before = await usageRows();
    const summedBefore = await usageBySubject();
    const update = (tokens: number, servedTokens: number, costUsd: number, servedCostUsd: number) =>
      test.platform.database.prisma.run.update({
        where: { id: run.id },
        data: { inputTokens: { increment: tokens }, servedTokens: { increment: servedTokens }, costUsd: { increment: costUsd }, servedCostUsd: { increment: servedCostUsd } },
      });
    await update(100, 100, 0.5, 0.5);
    expect(await usageRows()).toEqual(before);
    await update(100, 60, 0.5, 0.2);
    const summedAfter = await usageBySubject();
    expect([...summedAfter.keys()]).toEqual([...summedBefore.keys()]);
    for (const [subject, sum] of summedAfter) {
      expect(sum.tokens - summedBefore.get(subject)!.tokens).toBe(40);
      expect(sum.costUsd - summedBefore.get(subject)!.costUsd).toBeCloseTo(0.3, 6);
    }
    // The run's own budget sees what it spent, not what was served.
    const counters = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { inputTokens: true, outputTokens: true, costUsd: true } });
    const state = await selectBudgetState(test.platform.database.prisma, { runId: run.id });
    expect(state).toMatchObject({ run_tokens: counters.inputTokens + counters.outputTokens - 160 });
    expect(state!.run_cost_usd).toBeCloseTo(Number(counters.costUsd) - 0.7, 6);
  });

  it('writes no usage row at all for an agent whose only usage was served (the trigger stops before its upsert)', async () => {
    const quietAgentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'quiet', config: { instructions: 'Quiet.', demoScript: script } });
    const version = await test.platform.database.prisma.agentVersion.findFirstOrThrow({ where: { agentId: quietAgentId }, select: { id: true } });
    // A finished run written directly: the executor never claims it, so nothing but this update touches its counters.
    const run = await test.platform.database.prisma.run.create({ data: { tenantId: principal.tenantId, agentId: quietAgentId, agentVersionId: version.id, status: 'succeeded', input: { text: 'served only' } } });
    await test.platform.database.prisma.run.update({ where: { id: run.id }, data: { inputTokens: { increment: 50 }, servedTokens: { increment: 50 }, costUsd: { increment: 0.1 }, servedCostUsd: { increment: 0.1 } } });
    expect(await test.platform.database.prisma.budgetUsageDay.count({ where: { tenantId: principal.tenantId, subject: quietAgentId } })).toBe(0);
  });
});
