import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { demoAgents } from '../seed/demo-agents';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('budget pause policy (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;

  it('pauses at the step boundary, refuses a resume while still over budget, and resumes exactly once after the budget is raised', async () => {
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'pause-budgeted', config: demoAgents[0]!.config });
    const before = await test.platform.budgets.overview(principal);
    // One token of room: the first step's model call may start, the next step boundary finds the budget spent.
    const limit = before.tenant.usage.todayTokens + 1;
    await test.platform.budgets.set(principal, { period: 'daily', maxTokens: limit, onExceeded: 'pause' });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Read your plan' });

    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).budgetPause, { timeout: 60_000 }).not.toBeNull();
    const paused = await test.platform.runs.get(principal, { runId: run.id });
    expect(paused.status).toBe('waiting');
    expect(paused.error).toBeNull();
    expect(paused.budgetPause).toMatchObject({ scope: 'tenant-daily', measure: 'tokens', limit });
    expect(paused.budgetPause!.message).toMatch(new RegExp(`^Tenant daily token budget spent: limit ${limit} tokens, used \\d+ tokens; paused until the next UTC day or an operator resumes the run$`));
    const steps = await test.platform.database.prisma.step.findMany({ where: { runId: run.id }, orderBy: { index: 'asc' } });
    // The pausing step spent nothing: the run stopped at the boundary, before a model call.
    expect(steps.at(-1)).toMatchObject({ inputTokens: 0, outputTokens: 0 });
    const lease = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { leaseOwner: true, wakeAt: true } });
    expect(lease).toEqual({ leaseOwner: null, wakeAt: null });

    // Still over budget: refused, and the run stays paused.
    await expect(test.platform.runs.resumeBudgetPause(principal, { runId: run.id })).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/still over budget \(tenant-daily tokens/) as unknown });
    expect((await test.platform.runs.get(principal, { runId: run.id })).budgetPause).not.toBeNull();

    await test.platform.budgets.set(principal, { period: 'daily', maxTokens: limit + 1_000_000, onExceeded: 'pause' });
    const outcomes = await Promise.allSettled([
      test.platform.runs.resumeBudgetPause(principal, { runId: run.id }),
      test.platform.runs.resumeBudgetPause(principal, { runId: run.id }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/is not paused by a budget/) as unknown });

    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toMatch(/^(succeeded|failed|cancelled)$/);
    const finished = await test.platform.runs.get(principal, { runId: run.id });
    expect(finished.error).toBeNull();
    expect(finished).toMatchObject({ status: 'succeeded', budgetPause: null });
    const events = (await test.platform.runEvents.list(principal, { runId: run.id, limit: 1000 })).events;
    expect(events.filter((event) => event.type === 'run-budget-paused')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'run-budget-resumed')).toHaveLength(1);
    await test.platform.budgets.remove(principal, { period: 'daily' });
  });

  it("pauses a run on its own request budget; a resume gives it room with a new request budget", async () => {
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'pause-own-budget', config: demoAgents[0]!.config });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Read your plan', budget: { maxTokens: 1, onExceeded: 'pause' } });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).budgetPause, { timeout: 60_000 }).not.toBeNull();
    expect((await test.platform.runs.get(principal, { runId: run.id })).budgetPause).toMatchObject({ scope: 'run', limit: 1 });
    await expect(test.platform.runs.resumeBudgetPause(principal, { runId: run.id })).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/still over budget \(run tokens/) as unknown });
    const resumed = await test.platform.runs.resumeBudgetPause(principal, { runId: run.id, budget: { maxTokens: 10_000_000 } });
    expect(resumed.budget.request).toEqual({ maxTokens: 10_000_000 });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('succeeded');
  });
});
