import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { demoAgents } from '../seed/demo-agents';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

/** A plan-mode demo agent that keeps reading its plan: every step is one model call that spends more tokens than the last. */
function loopingConfig(runBudget?: Record<string, number>): Record<string, unknown> {
  const reply = { text: 'Reading the plan again.', toolCalls: [{ name: 'plan_read', arguments: {} }] };
  return {
    mode: 'plan',
    instructions: 'You read your plan.',
    builtinTools: ['plan_read'],
    demoScript: { replies: Array.from({ length: 30 }, () => reply), fallback: 'Done.' },
    ...(runBudget ? { runBudget } : {}),
  };
}

describe.each(databaseModes)('budgets on real runs (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const settled = async (runId: string) => {
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 60_000 }).toMatch(/^(succeeded|failed|cancelled)$/);
    return test.platform.runs.get(principal, { runId });
  };
  const agent = (slug: string, config: Record<string, unknown>) => createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug, config });

  it('ends a run that crosses its token budget with budget-exceeded at the next step boundary', async () => {
    const agentId = await agent('run-budgeted', loopingConfig({ maxTokens: 400 }));
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Read your plan' });
    const finished = await settled(run.id);
    const used = finished.usage.inputTokens + finished.usage.outputTokens;
    expect(finished.status).toBe('failed');
    expect(finished.error).toEqual({ kind: 'budget-exceeded', message: `Run token budget exceeded: limit 400 tokens, used ${used} tokens` });
    expect(used).toBeGreaterThanOrEqual(400);
    const steps = await test.platform.database.prisma.step.findMany({ where: { runId: run.id }, orderBy: { index: 'asc' } });
    // The step that found the budget spent made no model call; the one before it crossed the limit.
    expect(steps.at(-1)).toMatchObject({ inputTokens: 0, outputTokens: 0 });
    const beforeLast = steps.slice(0, -1).reduce((sum, step) => sum + step.inputTokens + step.outputTokens, 0);
    expect(beforeLast).toBe(used);
    expect(used - (steps.at(-2)!.inputTokens + steps.at(-2)!.outputTokens)).toBeLessThan(400);
    expect(finished.usage.steps).toBeLessThan(30);
    const events = (await test.platform.runEvents.list(principal, { runId: run.id, limit: 1000 })).events;
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', payload: { status: 'failed', errorKind: 'budget-exceeded' } });
  });

  it("stops the tenant's runs once its daily budget is spent across several runs", async () => {
    const researcherId = await agent('tenant-budgeted', demoAgents[0]!.config);
    const before = await test.platform.budgets.overview(principal);
    const first = await settled((await test.platform.runs.create(principal, { agentId: researcherId, input: 'First question' })).run.id);
    expect(first.status).toBe('succeeded');
    const perRun = first.usage.inputTokens + first.usage.outputTokens;
    // Room for one and a half runs beyond today's usage: the second run crosses it, the third may not start.
    const limit = before.tenant.usage.todayTokens + perRun + Math.floor(perRun / 2);
    await test.platform.budgets.set(principal, { period: 'daily', maxTokens: limit });
    const second = await settled((await test.platform.runs.create(principal, { agentId: researcherId, input: 'Second question' })).run.id);
    const third = await settled((await test.platform.runs.create(principal, { agentId: researcherId, input: 'Third question' })).run.id);
    expect(second).toMatchObject({ status: 'failed', error: { kind: 'budget-exceeded' } });
    expect(second.error!.message).toMatch(new RegExp(`^Tenant daily token budget exceeded: limit ${limit} tokens, used \\d+ tokens$`));
    expect(third).toMatchObject({ status: 'failed', error: { kind: 'budget-exceeded' }, usage: { inputTokens: 0, outputTokens: 0 } });
    const overview = await test.platform.budgets.overview(principal);
    expect(overview.tenant.daily).toMatchObject({ maxTokens: limit, usedTokens: overview.tenant.usage.todayTokens });
    expect(overview.tenant.usage.todayTokens).toBe(before.tenant.usage.todayTokens + perRun + second.usage.inputTokens + second.usage.outputTokens);
    await test.platform.budgets.remove(principal, { period: 'daily' });
  });

  it('lets concurrent runs of one tenant overshoot its budget by at most one model call per run in flight (ADR 0045)', async () => {
    const agentId = await agent('concurrent-budgeted', loopingConfig());
    const before = await test.platform.budgets.overview(principal);
    const room = 1_500;
    const limit = before.tenant.usage.todayTokens + room;
    await test.platform.budgets.set(principal, { period: 'daily', maxTokens: limit });
    const runCount = test.platform.executor.concurrency + 2;
    const created = await Promise.all(Array.from({ length: runCount }, (_, index) => test.platform.runs.create(principal, { agentId, input: `Concurrent ${index}` })));
    const finished = await Promise.all(created.map(({ run }) => settled(run.id)));
    expect(finished.every((run) => run.status === 'failed' && run.error?.kind === 'budget-exceeded')).toBe(true);
    const steps = await test.platform.database.prisma.step.findMany({ where: { runId: { in: created.map(({ run }) => run.id) } }, select: { inputTokens: true, outputTokens: true } });
    const largestCall = Math.max(...steps.map((step) => step.inputTokens + step.outputTokens));
    const spent = finished.reduce((sum, run) => sum + run.usage.inputTokens + run.usage.outputTokens, 0);
    const overview = await test.platform.budgets.overview(principal);
    expect(overview.tenant.usage.todayTokens - before.tenant.usage.todayTokens).toBe(spent);
    expect(spent).toBeGreaterThanOrEqual(room);
    // The documented bound: each run the executors hold at once may start one call before seeing the others' usage.
    expect(spent).toBeLessThanOrEqual(room + test.platform.executor.concurrency * largestCall);
    await test.platform.budgets.remove(principal, { period: 'daily' });
  });
});
