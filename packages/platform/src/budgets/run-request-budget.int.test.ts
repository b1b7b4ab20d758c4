import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

/** A plan-mode demo agent with no budget of its own that keeps reading its plan: one model call per step. */
const loopingConfig: Record<string, unknown> = {
  mode: 'plan',
  instructions: 'You read your plan.',
  builtinTools: ['plan_read'],
  demoScript: { replies: Array.from({ length: 30 }, () => ({ text: 'Reading the plan again.', toolCalls: [{ name: 'plan_read', arguments: {} }] })), fallback: 'Done.' },
};

describe.each(databaseModes)('a budget given in the run request (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'request-budgeted', config: loopingConfig });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const settled = async (runId: string) => {
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 60_000 }).toMatch(/^(succeeded|failed|cancelled)$/);
    return test.platform.runs.get(principal, { runId });
  };

  it('is stored with the run, shown on it, and ends the run with budget-exceeded at the step boundary that finds it spent', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Read your plan', budget: { maxTokens: 300 } });
    expect(run.budget).toEqual({ request: { maxTokens: 300 }, version: null });
    const finished = await settled(run.id);
    const used = finished.usage.inputTokens + finished.usage.outputTokens;
    expect(finished).toMatchObject({ status: 'failed', budget: { request: { maxTokens: 300 }, version: null } });
    expect(finished.error).toEqual({ kind: 'budget-exceeded', message: `Run token budget exceeded: limit 300 tokens, used ${used} tokens` });
    const steps = await test.platform.database.prisma.step.findMany({ where: { runId: run.id }, orderBy: { index: 'asc' } });
    // The last step found the budget spent before its model call; the steps before it crossed the limit with their last call.
    expect(steps.at(-1)).toMatchObject({ inputTokens: 0, outputTokens: 0 });
    const lastCall = steps.at(-2)!.inputTokens + steps.at(-2)!.outputTokens;
    expect(used).toBeGreaterThanOrEqual(300);
    expect(used - lastCall).toBeLessThan(300);
  });

  it('leaves a run without one to its other budgets: the same agent runs on well past that limit', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Read your plan fully' });
    expect(run.budget).toEqual({ request: null, version: null });
    const finished = await settled(run.id);
    expect(finished.error?.kind).not.toBe('budget-exceeded');
    expect(finished.usage.inputTokens + finished.usage.outputTokens).toBeGreaterThan(600);
  });

  it.each([
    [{ maxTokens: 0 }, 'budget.maxTokens'],
    [{ maxTokens: 1.5 }, 'budget.maxTokens'],
    [{ maxCostUsd: -1 }, 'budget.maxCostUsd'],
    [{ maxCostUsd: 0.0000001 }, 'budget.maxCostUsd'],
    [{}, 'budget.maxTokens'],
    [{ maxTokens: 10, onExceed: 'pause' }, 'budget'],
  ])('refuses the budget %j naming %s, and creates nothing', async (budget, field) => {
    const before = await test.platform.database.prisma.run.count();
    await expect(test.platform.runs.create(principal, { agentId, input: 'Read', budget })).rejects.toMatchObject({ kind: 'validation', field });
    expect(await test.platform.database.prisma.run.count()).toBe(before);
  });

  it('treats the budget as part of the request an idempotency key stands for', async () => {
    const first = await test.platform.runs.create(principal, { agentId, input: 'Keyed', idempotencyKey: 'budget-key', budget: { maxTokens: 50 } });
    const again = await test.platform.runs.create(principal, { agentId, input: 'Keyed', idempotencyKey: 'budget-key', budget: { maxTokens: 50 } });
    expect(again).toMatchObject({ created: false, run: { id: first.run.id } });
    await expect(test.platform.runs.create(principal, { agentId, input: 'Keyed', idempotencyKey: 'budget-key', budget: { maxTokens: 60 } })).rejects.toMatchObject({ kind: 'conflict' });
    await settled(first.run.id);
  });
});
