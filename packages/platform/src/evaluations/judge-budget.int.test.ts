import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import type { ExperimentView } from './experiment-view';
import { completedExperiment } from './experiment-test-helpers';

/** ADR 0058: the LLM-as-judge is paid like any model call, from the tenant's and the judge agent's budgets. */
describe.each(databaseModes)('judge calls against budgets (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let judgeId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'answers', config: { instructions: 'Answer.', demoScript: { replies: [{ text: 'Order A1 refunded.' }] } } });
    judgeId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'judge',
      config: { instructions: 'Judge.', demoScript: { replies: [{ text: '{"score": 0.9, "explanation": "Confirms the refund."}' }] } },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  async function usageOf(subject: string): Promise<number> {
    const rows = await test.platform.database.prisma.budgetUsageDay.findMany({ where: { tenantId: principal.tenantId, subject }, select: { tokens: true } });
    return rows.reduce((sum, row) => sum + Number(row.tokens), 0);
  }

  async function experimentOf(name: string, cases: string[]): Promise<ExperimentView> {
    await test.platform.datasets.create(principal, { name });
    await test.platform.datasets.importCases(principal, { name, jsonl: cases.map((input) => JSON.stringify({ input, expectedOutput: 'Order A1 refunded.' })).join('\n') });
    const created = await test.platform.experiments.create(principal, {
      dataset: name,
      agentId,
      agentVersion: 1,
      scorers: [{ type: 'llm-judge', rubric: 'Does the answer confirm the refund?', judgeAgentId: judgeId, judgeAgentVersion: 1, passThreshold: 0.5 }],
    });
    return completedExperiment(test, principal, created.id);
  }

  it('counts the judge’s tokens against the tenant and the judge agent, and a spent budget fails the judge score with budget-exceeded', async () => {
    const before = { tenant: await usageOf('tenant'), agent: await usageOf(agentId), judge: await usageOf(judgeId) };
    const paid = await experimentOf(`paid-${mode}`, ['Refund A1']);
    expect(paid.results[0]!.scores[0]).toMatchObject({ scorer: 'llm-judge', passed: true, value: 0.9 });
    const after = { tenant: await usageOf('tenant'), agent: await usageOf(agentId), judge: await usageOf(judgeId) };
    const judgeTokens = after.judge - before.judge;
    expect(judgeTokens).toBeGreaterThan(0);
    // The tenant paid for the replay run (its agent's counter) and for the judge, nothing else.
    expect(after.tenant - before.tenant).toBe(after.agent - before.agent + judgeTokens);

    // The judge agent's daily budget is now spent: no judge call, each case's judge score says why, the experiment completes.
    await test.platform.budgets.set(principal, { agentId: judgeId, period: 'daily', maxTokens: after.judge });
    const refused = await experimentOf(`refused-${mode}`, ['Refund A1', 'Refund B2']);
    expect(refused.results).toHaveLength(2);
    for (const result of refused.results) {
      expect(result.status).toBe('failed');
      expect(result.scores[0]).toEqual({
        scorer: 'llm-judge',
        passed: false,
        value: 0,
        error: 'budget-exceeded',
        explanation: `the judge was not asked: Agent daily token budget exceeded: limit ${after.judge} tokens, used ${after.judge} tokens`,
      });
    }
    expect(await usageOf(judgeId)).toBe(after.judge);

    // A spent tenant budget stops the judge too (the agent budget removed, the tenant's at its usage).
    await test.platform.budgets.remove(principal, { agentId: judgeId, period: 'daily' });
    const tenantUsage = await usageOf('tenant');
    await test.platform.budgets.set(principal, { period: 'monthly', maxTokens: tenantUsage });
    const tenantRefused = await experimentOf(`tenant-refused-${mode}`, ['Refund C3']);
    expect(tenantRefused.results[0]!.scores[0]).toMatchObject({ error: 'budget-exceeded', explanation: expect.stringMatching(/^the judge was not asked: Tenant monthly token budget exceeded/) as unknown });

    // ADR 0063: a pausing budget refuses the judge as well (a judge call has no run to park), saying why.
    await test.platform.budgets.remove(principal, { period: 'monthly' });
    const judgeUsage = await usageOf(judgeId);
    await test.platform.budgets.set(principal, { agentId: judgeId, period: 'daily', maxTokens: judgeUsage, onExceeded: 'pause' });
    const pauseRefused = await experimentOf(`pause-refused-${mode}`, ['Refund D4']);
    expect(pauseRefused.results[0]!.scores[0]).toEqual({
      scorer: 'llm-judge',
      passed: false,
      value: 0,
      error: 'budget-exceeded',
      explanation: `the judge was not asked: Agent daily token budget exceeded: limit ${judgeUsage} tokens, used ${judgeUsage} tokens (the budget pauses runs; a judge call belongs to no run and cannot pause, so it is refused)`,
    });
    // A spent failing budget is named before a spent pausing one, as for runs (firstSpentBudget).
    await test.platform.budgets.set(principal, { period: 'monthly', maxTokens: await usageOf('tenant') });
    const failFirst = await experimentOf(`fail-first-${mode}`, ['Refund E5']);
    expect(failFirst.results[0]!.scores[0]).toMatchObject({ error: 'budget-exceeded', explanation: expect.stringMatching(/^the judge was not asked: Tenant monthly token budget exceeded: limit \d+ tokens, used \d+ tokens$/) as unknown });
  });
});
