import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';

const day = (offset: number) => new Date(Date.UTC(2026, 0, 10 + offset, 12));

describe.each(databaseModes)('usage summary (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let operatorAgentId: string;
  let researcherAgentId: string;

  /** A run of the agent, then its usage columns and status set as the executor would leave them. */
  async function recordRun(
    agentId: string,
    createdAt: Date,
    status: 'succeeded' | 'failed' | 'cancelled' | 'running',
    usage: { inputTokens: number; outputTokens: number; costUsd: number },
  ) {
    const { run } = await test.platform.runs.create(admin, { agentId, input: 'usage' });
    await test.platform.database.prisma.run.update({
      where: { id: run.id },
      data: { status, createdAt, modelCalls: 2, toolCallCount: 1, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, costUsd: usage.costUsd },
    });
  }

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    const agents = await test.platform.agents.list(admin);
    operatorAgentId = agents.find((agent) => agent.slug === 'demo-operator')!.id;
    researcherAgentId = agents.find((agent) => agent.slug === 'demo-researcher')!.id;
    await recordRun(operatorAgentId, day(0), 'succeeded', { inputTokens: 100, outputTokens: 10, costUsd: 0.5 });
    await recordRun(operatorAgentId, day(0), 'failed', { inputTokens: 50, outputTokens: 5, costUsd: 0.25 });
    await recordRun(operatorAgentId, day(2), 'cancelled', { inputTokens: 1, outputTokens: 1, costUsd: 0.000001 });
    await recordRun(researcherAgentId, day(1), 'succeeded', { inputTokens: 1_000, outputTokens: 100, costUsd: 2 });
    await recordRun(researcherAgentId, day(1), 'running', { inputTokens: 10, outputTokens: 0, costUsd: 0 });
    // Outside the window below.
    await recordRun(researcherAgentId, day(10), 'succeeded', { inputTokens: 9_999, outputTokens: 9_999, costUsd: 99 });
  });
  afterAll(() => test?.dispose());

  const window = { from: '2026-01-10', to: '2026-01-13' };

  it('totals runs by status, model calls, tokens, cost and tool calls per agent, most expensive first', async () => {
    const summary = await test.platform.usage.summary(admin, window);
    expect(summary.agents.map((agent) => agent.agentSlug)).toEqual(['demo-researcher', 'demo-operator']);
    const operator = summary.agents[1]!;
    expect(operator).toMatchObject({ runs: 3, modelCalls: 6, toolCalls: 3, inputTokens: 151, outputTokens: 16 });
    expect(operator.runsByStatus).toEqual({ queued: 0, running: 0, waiting_human: 0, waiting: 0, succeeded: 1, failed: 1, cancelled: 1 });
    expect(operator.costUsd).toBeCloseTo(0.750001, 6);
    expect(summary.agents[0]).toMatchObject({ runs: 2, inputTokens: 1_010, runsByStatus: { succeeded: 1, running: 1 } });
    expect(summary.totals).toMatchObject({ runs: 5, inputTokens: 1_161, outputTokens: 116 });
    // The demo agents run on the demo script, which has no prices: every run's cost is unknown.
    expect(summary.totals).toMatchObject({ unpricedRuns: 5, costKnown: false });
  });

  it('returns a zero-filled daily series covering the window', async () => {
    const summary = await test.platform.usage.summary(admin, window);
    expect(summary.daily.map((point) => [point.day, point.runs, point.inputTokens])).toEqual([
      ['2026-01-10', 2, 150],
      ['2026-01-11', 2, 1_010],
      ['2026-01-12', 1, 1],
    ]);
    expect(summary).toMatchObject({ from: '2026-01-10T00:00:00.000Z', to: '2026-01-13T00:00:00.000Z' });
  });

  it('narrows to one agent', async () => {
    const summary = await test.platform.usage.summary(admin, { ...window, agentId: researcherAgentId });
    expect(summary.agents.map((agent) => agent.agentId)).toEqual([researcherAgentId]);
    expect(summary.daily.map((point) => point.runs)).toEqual([0, 2, 0]);
  });

  it('defaults to the last 30 days and validates the window', async () => {
    const summary = await test.platform.usage.summary(admin);
    expect(summary.daily.length).toBeGreaterThanOrEqual(30);
    await expect(test.platform.usage.summary(admin, { from: '2026-01-13', to: '2026-01-10' })).rejects.toMatchObject({ kind: 'validation', field: 'from' });
    await expect(test.platform.usage.summary(admin, { from: '2020-01-01', to: '2026-01-10' })).rejects.toMatchObject({ kind: 'validation' });
    await expect(test.platform.usage.summary(admin, { from: 'yesterday' })).rejects.toMatchObject({ kind: 'validation', field: 'from' });
  });

  it("never counts another tenant's runs", async () => {
    const stranger: Principal = { ...admin, tenantId: '0190a1b2-0000-7000-8000-000000000001' };
    const summary = await test.platform.usage.summary(stranger, window);
    expect(summary.agents).toEqual([]);
    expect(summary.totals.runs).toBe(0);
    expect(summary.daily.every((point) => point.runs === 0)).toBe(true);
  });
});
