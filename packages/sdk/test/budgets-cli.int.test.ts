import { describe, expect, it } from 'vitest';

import type { BudgetsOverview } from '../src/index.ts';
import { useLiveCli } from './live-cli';

/** `agentloom budgets` and the SDK's budgets resource against the production console. */
const live = useLiveCli('budgets-cli');
const { cli } = live;

describe('agentloom budgets', () => {
  it('sets, shows and removes budgets; a run that meets a spent budget ends budget-exceeded', async () => {
    const agentBudget = await cli('budgets', 'set', 'monthly', '--agent', 'demo-researcher', '--max-cost-usd', '2.5', '--max-tokens', '900000');
    expect(agentBudget.code).toBe(0);
    expect(agentBudget.stdout).toMatch(/Demo researcher monthly \(since \d{4}-\d{2}-01\): \d+ of 900000 tokens, \$0 of \$2\.5/);

    const refused = await cli('budgets', 'set', 'daily', '--max-tokens', '0');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('(field maxTokens)');

    // One token a day: the first model call is allowed (nothing spent yet), the next step is not.
    expect((await cli('budgets', 'set', 'daily', '--max-tokens', '1')).code).toBe(0);
    const run = await cli('run', 'demo-researcher', 'What makes runs durable?', '--follow');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/run-finished failed/);
    const shown = JSON.parse((await cli('budgets', '--json')).stdout) as BudgetsOverview;
    expect(shown.tenant.daily).toMatchObject({ maxTokens: 1, maxCostUsd: null });
    expect(shown.tenant.daily!.usedTokens).toBeGreaterThan(1);
    const { runs } = await live.client.runs.list({ limit: 1 });
    expect(runs[0]).toMatchObject({ status: 'failed', error: { kind: 'budget-exceeded' } });
    expect(runs[0]!.error!.message).toMatch(/^Tenant daily token budget exceeded: limit 1 tokens, used \d+ tokens$/);

    expect((await cli('budgets', 'remove', 'daily')).code).toBe(0);
    const afterRemove = await live.client.budgets.remove({ period: 'monthly', agentId: shown.agents[0]!.agentId });
    expect(afterRemove).toMatchObject({ tenant: { daily: null, monthly: null }, agents: [] });
    await expect(live.client.budgets.remove({ period: 'monthly' })).rejects.toMatchObject({ status: 404, field: 'period' });
  });

  it('gives one run its own budget with --max-tokens; a bad one is a 400 naming the field (ADR 0052)', async () => {
    const refused = await cli('run', 'demo-researcher', 'Too small a budget', '--max-tokens', '0');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('(field budget.maxTokens)');
    await expect(live.client.runs.create({ agentId: (await live.client.agents.resolve('demo-researcher')).id, input: 'x', budget: { maxCostUsd: -1 } })).rejects.toMatchObject({
      status: 400,
      field: 'budget.maxCostUsd',
    });

    // One token: the first model call is allowed (nothing spent yet), the next step is not.
    const run = await cli('run', 'demo-researcher', 'What makes runs durable?', '--max-tokens', '1', '--follow');
    expect(run.code).toBe(1);
    const { runs } = await live.client.runs.list({ limit: 1 });
    expect(runs[0]).toMatchObject({ status: 'failed', error: { kind: 'budget-exceeded' }, budget: { request: { maxTokens: 1 }, version: null } });
    expect(runs[0]!.error!.message).toMatch(/^Run token budget exceeded: limit 1 tokens, used \d+ tokens$/);
  });
});
