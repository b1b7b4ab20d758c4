import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { openAiStream, startWireServer, type WireReply, type WireServer } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTenantAdmin, createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

const lookup = defineTool({
  name: 'lookup_order',
  description: 'Reads an order.',
  implementationId: 'tenant-series-test/v1/lookup_order',
  inputSchema: z.object({ orderId: z.string() }),
  sideEffects: 'none',
  execute: (args) => Promise.resolve({ content: `order ${args.orderId}: paid` }),
});

/** The same slug in both tenants: unique per tenant only, so it cannot name a series alone. */
const sharedSlug = 'support-bot';

const lookupCall = (id: string) =>
  openAiStream({ toolCalls: [{ id, name: 'lookup_order', argumentFragments: ['{"orderId":"A1"}'] }], usage: { prompt: 1_000, completion: 50 } });
const answer = (usage: { prompt: number; completion: number }) => openAiStream({ textDeltas: ['Order A1 is paid.'], usage });

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one metric in a text exposition, labels parsed (their order in the text does not matter). */
function samplesOf(exposition: string, metric: string): Sample[] {
  return [...exposition.matchAll(new RegExp(`^${metric}(?:\\{([^}]*)\\})? (\\S+)$`, 'gm'))].map((match) => ({
    labels: Object.fromEntries([...(match[1] ?? '').matchAll(/([a-zA-Z_]+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!])),
    value: Number(match[2]),
  }));
}

/**
 * Agent slugs and tool names are unique only within a tenant: usage and tool metrics carry the tenant
 * id next to them (ADR 0046), so two tenants' `support-bot` are two series, and the exposition for
 * unauthenticated scrapers strips the tenant label along with the slug and tool name.
 */
describe.each(databaseModes)('usage and tool series of two tenants with the same agent slug (%s)', (mode) => {
  let test: TestPlatform;
  let acme: Principal;
  let globex: Principal;
  const providers: WireServer[] = [];

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [lookup], outbound: { allowPrivateTargets: ['127.0.0.1'] }, executor: { pollMs: 50 } });
    acme = (await test.platform.auth.authenticate(test.adminKey))!;
    globex = await createTenantAdmin(test, { slug: `globex-${mode}` });
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await Promise.all(providers.map((provider) => provider.close()));
    await test?.dispose();
  });

  /** Runs the tenant's `support-bot` (priced, calling `lookup_order` on the provider's script) to success; returns the run's usage. */
  async function runSupportBot(principal: Principal, script: WireReply[], pricing: { inputPerMillion: number; outputPerMillion: number }) {
    const provider = await startWireServer();
    providers.push(provider);
    provider.reply(...script);
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: sharedSlug,
      config: {
        instructions: 'Answer about orders.',
        tools: ['lookup_order'],
        model: { provider: 'openai-compatible', baseURL: provider.baseURL, model: 'test-model', pricing },
      },
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Is order A1 paid?' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    return (await test.platform.runs.get(principal, { runId: run.id })).usage;
  }

  it('counts each tenant’s tokens, cost and tool calls in its own series, and strips the tenant with the slug when unauthenticated', async () => {
    const acmeUsage = await runSupportBot(acme, [lookupCall('call-a'), answer({ prompt: 1_200, completion: 30 })], { inputPerMillion: 1, outputPerMillion: 2 });
    const globexUsage = await runSupportBot(globex, [lookupCall('call-b1'), lookupCall('call-b2'), answer({ prompt: 3_000, completion: 70 })], {
      inputPerMillion: 3,
      outputPerMillion: 6,
    });
    expect(acmeUsage.toolCalls).toBe(1);
    expect(globexUsage.toolCalls).toBe(2);
    expect(acmeUsage.inputTokens).not.toBe(globexUsage.inputTokens);
    expect(acmeUsage.costUsd).toBeGreaterThan(0);

    const full = await test.platform.metrics.render();
    const tokens = samplesOf(full, 'agentloom_model_tokens_total');
    const tokensOf = (tenant: string, direction: string) =>
      tokens.filter((sample) => sample.labels.tenant === tenant && sample.labels.agent === sharedSlug && sample.labels.direction === direction);
    expect(tokens).toHaveLength(4);
    expect(tokensOf(acme.tenantId, 'input').map((sample) => sample.value)).toEqual([acmeUsage.inputTokens]);
    expect(tokensOf(acme.tenantId, 'output').map((sample) => sample.value)).toEqual([acmeUsage.outputTokens]);
    expect(tokensOf(globex.tenantId, 'input').map((sample) => sample.value)).toEqual([globexUsage.inputTokens]);
    expect(tokensOf(globex.tenantId, 'output').map((sample) => sample.value)).toEqual([globexUsage.outputTokens]);

    const cost = samplesOf(full, 'agentloom_model_cost_usd_total');
    expect(cost).toHaveLength(2);
    expect(cost.find((sample) => sample.labels.tenant === acme.tenantId && sample.labels.agent === sharedSlug)?.value).toBeCloseTo(acmeUsage.costUsd, 9);
    expect(cost.find((sample) => sample.labels.tenant === globex.tenantId && sample.labels.agent === sharedSlug)?.value).toBeCloseTo(globexUsage.costUsd, 9);

    const toolCalls = samplesOf(full, 'agentloom_tool_calls_total');
    expect(toolCalls.map((sample) => [sample.labels.tenant, sample.labels.tool, sample.labels.status, sample.value]).sort()).toEqual(
      [
        [acme.tenantId, 'lookup_order', 'succeeded', 1],
        [globex.tenantId, 'lookup_order', 'succeeded', 2],
      ].sort(),
    );
    const toolDurations = samplesOf(full, 'agentloom_tool_call_duration_seconds_count');
    expect(toolDurations.map((sample) => [sample.labels.tenant, sample.value]).sort()).toEqual(
      [
        [acme.tenantId, 1],
        [globex.tenantId, 2],
      ].sort(),
    );

    // Unauthenticated: fleet-wide sums, with neither tenant nor agent nor tool left to tell them apart.
    const anonymous = await test.platform.metrics.render({ tenantLabels: false });
    for (const identifying of [acme.tenantId, globex.tenantId, sharedSlug, 'lookup_order', 'tenant=', 'agent=', 'tool='])
      expect(anonymous).not.toContain(identifying);
    expect(samplesOf(anonymous, 'agentloom_model_tokens_total')).toEqual([
      { labels: { direction: 'input' }, value: acmeUsage.inputTokens + globexUsage.inputTokens },
      { labels: { direction: 'output' }, value: acmeUsage.outputTokens + globexUsage.outputTokens },
    ]);
    const anonymousCost = samplesOf(anonymous, 'agentloom_model_cost_usd_total');
    expect(anonymousCost).toHaveLength(1);
    expect(anonymousCost[0]!.value).toBeCloseTo(acmeUsage.costUsd + globexUsage.costUsd, 9);
    expect(samplesOf(anonymous, 'agentloom_tool_calls_total')).toEqual([{ labels: { status: 'succeeded' }, value: 3 }]);
  });
  // Runs after the test above, in the same process: its series are what an erase must take.
  it('drops an erased tenant’s series from every scrape, and keeps the other tenant’s', async () => {
    const before = await test.platform.metrics.render();
    expect(before).toContain(globex.tenantId);

    await test.platform.erase.eraseTenantAsOperator(globex.tenantId, 'operator-key:test');

    // Every process drops them when the erase's notification arrives (erased-tenant-series.ts).
    await expect.poll(async () => (await test.platform.metrics.render()).includes(globex.tenantId), { timeout: 30_000 }).toBe(false);
    const after = await test.platform.metrics.render();
    expect(samplesOf(after, 'agentloom_model_tokens_total').map((sample) => sample.labels.tenant)).toEqual([acme.tenantId, acme.tenantId]);
    expect(samplesOf(after, 'agentloom_tool_calls_total').map((sample) => [sample.labels.tenant, sample.value])).toEqual([[acme.tenantId, 1]]);
    expect(samplesOf(after, 'agentloom_tool_call_duration_seconds_count').map((sample) => sample.labels.tenant)).toEqual([acme.tenantId]);
    expect(samplesOf(after, 'agentloom_model_cost_usd_total').map((sample) => sample.labels.tenant)).toEqual([acme.tenantId]);
  });
});
