import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { openAiStream, startWireServer, type WireServer } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/** Every call of the local provider reports 1,000 input and 500 output tokens. */
const perCall = { prompt: 1_000, completion: 500 };

describe.each(databaseModes)('tenant model prices (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let provider: WireServer;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] }, executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    provider = await startWireServer();
    provider.reply(openAiStream({ textDeltas: ['Hello'], usage: perCall }));
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await provider?.close();
    await test?.dispose();
  });

  async function runOn(model: Record<string, unknown>) {
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `priced-${randomUUID()}`,
      config: { model: { provider: 'openai-compatible', baseURL: provider.baseURL, ...model } },
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Say hello' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    return test.platform.runs.get(principal, { runId: run.id });
  }

  /** Dollars of one call at these prices per million tokens. */
  const callCost = (input: number, output: number) => (perCall.prompt * input + perCall.completion * output) / 1_000_000;

  it("prices a call with the model config's own pricing first, else the tenant's table, else leaves the cost unknown", async () => {
    await test.platform.modelPrices.set(principal, { provider: 'openai-compatible', model: 'own-priced', inputUsdPerMillion: 100, outputUsdPerMillion: 200 });
    await test.platform.modelPrices.set(principal, { provider: 'openai-compatible', model: 'table-priced', inputUsdPerMillion: 3, outputUsdPerMillion: 6, cachedInputUsdPerMillion: 1.5 });

    const own = await runOn({ model: 'own-priced', pricing: { inputPerMillion: 1, outputPerMillion: 2 } });
    const table = await runOn({ model: 'table-priced' });
    const unknown = await runOn({ model: 'not-priced' });

    expect(own.usage.modelCalls).toBeGreaterThan(0);
    expect(own.usage).toMatchObject({ costKnown: true, inputTokens: perCall.prompt * own.usage.modelCalls });
    expect(own.usage.costUsd).toBeCloseTo(callCost(1, 2) * own.usage.modelCalls, 6);
    expect(table.usage.costKnown).toBe(true);
    expect(table.usage.costUsd).toBeCloseTo(callCost(3, 6) * table.usage.modelCalls, 6);
    // Unpriced: tokens counted, no made-up cost, and the view says the cost is unknown.
    expect(unknown.usage).toMatchObject({ costKnown: false, costUsd: 0, inputTokens: perCall.prompt * unknown.usage.modelCalls });
    const budgets = await test.platform.budgets.overview(principal);
    expect(budgets.tenant.usage.todayCostUsd).toBeCloseTo(own.usage.costUsd + table.usage.costUsd, 6);
  });

  it("prices input tokens the provider read from its prompt cache at the tenant's cached-input price (ADR 0063)", async () => {
    const caching = await startWireServer();
    try {
      caching.reply(openAiStream({ textDeltas: ['Hello'], usage: { ...perCall, cached: 600 } }));
      await test.platform.modelPrices.set(principal, { provider: 'openai-compatible', model: 'cache-priced', inputUsdPerMillion: 3, outputUsdPerMillion: 6, cachedInputUsdPerMillion: 1.5 });
      const agentId = await createTestAgent(test.platform.database, {
        tenantId: principal.tenantId,
        slug: `cache-priced-${randomUUID()}`,
        config: { model: { provider: 'openai-compatible', baseURL: caching.baseURL, model: 'cache-priced' } },
      });
      const { run } = await test.platform.runs.create(principal, { agentId, input: 'Say hello' });
      await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
      const { usage } = await test.platform.runs.get(principal, { runId: run.id });
      expect(usage.modelCalls).toBeGreaterThan(0);
      // Per call: 400 uncached input tokens at $3, 600 cached at $1.50, 500 output at $6 per million.
      expect(usage.costUsd).toBeCloseTo(((400 * 3 + 600 * 1.5 + 500 * 6) / 1_000_000) * usage.modelCalls, 6);
    } finally {
      await caching.close();
    }
  });

  it('is managed by admins only, validated field by field and audit-logged', async () => {
    await expect(test.platform.modelPrices.set(principal, { provider: 'openai', model: 'bad', inputUsdPerMillion: -1, outputUsdPerMillion: 1 })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('inputUsdPerMillion') as unknown,
    });
    const viewer = { ...principal, role: 'viewer' as const };
    await expect(test.platform.modelPrices.set(viewer, { provider: 'openai', model: 'm', inputUsdPerMillion: 1, outputUsdPerMillion: 1 })).rejects.toMatchObject({ kind: 'forbidden' });
    const listed = await test.platform.modelPrices.set(principal, { provider: 'anthropic', model: 'audited', inputUsdPerMillion: 0.8, outputUsdPerMillion: 4 });
    expect(listed).toContainEqual(expect.objectContaining({ provider: 'anthropic', model: 'audited', inputUsdPerMillion: 0.8, outputUsdPerMillion: 4, cachedInputUsdPerMillion: null }));
    expect(await test.platform.modelPrices.list(viewer)).toEqual(listed);
    const afterRemove = await test.platform.modelPrices.remove(principal, { provider: 'anthropic', model: 'audited' });
    expect(afterRemove.some((price) => price.model === 'audited')).toBe(false);
    const audit = await test.platform.database.prisma.auditLog.findMany({ where: { tenantId: principal.tenantId, targetId: 'anthropic/audited' }, orderBy: { createdAt: 'asc' }, select: { action: true } });
    expect(audit.map((entry) => entry.action)).toEqual(['model-price.set', 'model-price.remove']);
  });
});
