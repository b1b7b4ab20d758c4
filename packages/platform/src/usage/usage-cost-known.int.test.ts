import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

const february = (day: number) => new Date(Date.UTC(2026, 1, day, 12));
const window = { from: '2026-02-01', to: '2026-02-05' };

/**
 * The usage summary says whether its cost is the cost: a run whose version has an unpriced model
 * stored its calls at $0, and the run page calls that cost unknown — the usage page must agree.
 */
describe.each(databaseModes)('usage summary: known and unknown cost (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let ownPricedAgentId: string;
  let tablePricedAgentId: string;
  let unpricedAgentId: string;
  let repricedAgentId: string;

  const agentOn = (model: Record<string, unknown>) =>
    createTestAgent(test.platform.database, {
      tenantId: admin.tenantId,
      slug: `usage-${randomUUID()}`,
      config: { model: { provider: 'openai-compatible', ...model } },
    });

  async function recordRun(agentId: string, createdAt: Date, costUsd: number) {
    const { run } = await test.platform.runs.create(admin, { agentId, input: 'usage' });
    await test.platform.database.prisma.run.update({
      where: { id: run.id },
      data: { status: 'succeeded', createdAt, modelCalls: 1, inputTokens: 10, outputTokens: 1, costUsd },
    });
    return run.id;
  }

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.modelPrices.set(admin, { provider: 'openai-compatible', model: 'table-priced', inputUsdPerMillion: 3, outputUsdPerMillion: 6 });
    ownPricedAgentId = await agentOn({ model: 'own-priced', pricing: { inputPerMillion: 1, outputPerMillion: 2 } });
    tablePricedAgentId = await agentOn({ model: 'table-priced' });
    unpricedAgentId = await agentOn({ model: 'not-priced' });
    // Priced in v1; v2 adds an unpriced fallback, so only its runs have an unknown cost.
    repricedAgentId = await agentOn({ model: 'own-priced', pricing: { inputPerMillion: 1, outputPerMillion: 2 } });

    await recordRun(ownPricedAgentId, february(1), 0.4);
    await recordRun(ownPricedAgentId, february(1), 0.1);
    await recordRun(tablePricedAgentId, february(2), 0.2);
    await recordRun(unpricedAgentId, february(2), 0);
    await recordRun(repricedAgentId, february(3), 0.3);
    await test.platform.database.prisma.agentVersion.create({
      data: {
        tenantId: admin.tenantId,
        agentId: repricedAgentId,
        version: 2,
        configHash: `test-v2-${repricedAgentId}`,
        config: {
          model: { provider: 'openai-compatible', model: 'own-priced', pricing: { inputPerMillion: 1, outputPerMillion: 2 } },
          fallbackModels: [{ provider: 'openai-compatible', model: 'not-priced' }],
        },
      },
    });
    await recordRun(repricedAgentId, february(3), 0.05);
  });
  afterAll(() => test?.dispose());

  it("marks an agent's cost known only when every counted run's version prices its models (own pricing or the tenant's table)", async () => {
    const summary = await test.platform.usage.summary(admin, window);
    const byId = new Map(summary.agents.map((agent) => [agent.agentId, agent]));
    expect(byId.get(ownPricedAgentId)).toMatchObject({ runs: 2, unpricedRuns: 0, costKnown: true });
    expect(byId.get(ownPricedAgentId)!.costUsd).toBeCloseTo(0.5, 6);
    expect(byId.get(tablePricedAgentId)).toMatchObject({ runs: 1, unpricedRuns: 0, costKnown: true });
    expect(byId.get(unpricedAgentId)).toMatchObject({ runs: 1, unpricedRuns: 1, costKnown: false, costUsd: 0 });
    // One agent, two versions: the v2 run is unpriced, the v1 run is not.
    expect(byId.get(repricedAgentId)).toMatchObject({ runs: 2, unpricedRuns: 1, costKnown: false });
    expect(byId.get(repricedAgentId)!.costUsd).toBeCloseTo(0.35, 6);
    expect(summary.totals).toMatchObject({ runs: 6, unpricedRuns: 2, costKnown: false });
  });

  it('marks each day by its own runs', async () => {
    const summary = await test.platform.usage.summary(admin, window);
    expect(summary.daily.map((point) => [point.day, point.runs, point.unpricedRuns, point.costKnown])).toEqual([
      ['2026-02-01', 2, 0, true],
      ['2026-02-02', 2, 1, false],
      ['2026-02-03', 2, 1, false],
      ['2026-02-04', 0, 0, true],
    ]);
    expect(summary.daily[2]!.costUsd).toBeCloseTo(0.35, 6);
  });

  it('narrowed to a priced agent, the totals are known', async () => {
    const summary = await test.platform.usage.summary(admin, { ...window, agentId: ownPricedAgentId });
    expect(summary.totals).toMatchObject({ runs: 2, unpricedRuns: 0, costKnown: true });
    const unpriced = await test.platform.usage.summary(admin, { ...window, agentId: unpricedAgentId });
    expect(unpriced.totals).toMatchObject({ runs: 1, unpricedRuns: 1, costKnown: false, costUsd: 0 });
  });

  it('agrees with the run page about every run', async () => {
    const { runs } = await test.platform.runs.list(admin, { limit: 50 });
    const unknownOnRunPage = runs.filter((run) => !run.usage.costKnown).length;
    const summary = await test.platform.usage.summary(admin, window);
    expect(summary.totals.unpricedRuns).toBe(unknownOnRunPage);
  });
});
