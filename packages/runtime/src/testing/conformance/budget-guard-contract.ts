import type { BudgetGuard, BudgetLimits } from '../../contracts/budget-guard';
import type { ModelUsage } from '../../contracts/model-gateway';
import type { BudgetOwner, BudgetPeriod } from '../../budgets/in-memory-budget-guard';
import type { ContractTestApi, StoreFactory } from './contract-test-api';

/**
 * A guard plus the host operations a test needs around it. Tenants and agents are labels the fixture
 * maps to its own ids (fresh ones per fixture, so tests never see each other's usage).
 */
export interface BudgetGuardFixture {
  guard: BudgetGuard;
  /** Creates a run of `agent` in `tenant`, with its own budget when given; returns its instance id. */
  startRun(owner: Required<BudgetOwner>, budget?: BudgetLimits): Promise<string>;
  setBudget(owner: BudgetOwner, period: BudgetPeriod, limits: BudgetLimits | null): Promise<void>;
  /** Commits a step's usage for the run, the way the host's step commit does. */
  commitUsage(instanceId: string, usage: ModelUsage): Promise<void>;
}

const none: ModelUsage = { inputTokens: 0, outputTokens: 0 };

/** The behaviour every BudgetGuard must show. */
export function describeBudgetGuardContract(factory: StoreFactory<BudgetGuardFixture>, { describe, it, expect }: ContractTestApi): void {
  describe('BudgetGuard contract', () => {
    it('lets a run without budgets spend', async () => {
      const fixture = await factory();
      const run = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' });
      await fixture.commitUsage(run, { inputTokens: 5_000, outputTokens: 5_000, costUsd: 3 });
      expect(await fixture.guard.check({ instanceId: run, pending: none })).toBeNull();
    });

    it("stops a run at its own token budget, counting the step's pending usage", async () => {
      const fixture = await factory();
      const run = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' }, { maxTokens: 100 });
      await fixture.commitUsage(run, { inputTokens: 60, outputTokens: 20 });
      expect(await fixture.guard.check({ instanceId: run, pending: none })).toBeNull();
      expect(await fixture.guard.check({ instanceId: run, pending: { inputTokens: 15, outputTokens: 5 } })).toEqual({ scope: 'run', measure: 'tokens', limit: 100, used: 100 });
      await fixture.commitUsage(run, { inputTokens: 30, outputTokens: 0 });
      expect(await fixture.guard.check({ instanceId: run, pending: none })).toEqual({ scope: 'run', measure: 'tokens', limit: 100, used: 110 });
    });

    it('stops at a cost budget with priced usage only', async () => {
      const fixture = await factory();
      const run = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' }, { maxCostUsd: 0.5 });
      await fixture.commitUsage(run, { inputTokens: 1_000, outputTokens: 1_000 });
      await fixture.commitUsage(run, { inputTokens: 10, outputTokens: 10, costUsd: 0.25 });
      expect(await fixture.guard.check({ instanceId: run, pending: none })).toBeNull();
      expect(await fixture.guard.check({ instanceId: run, pending: { inputTokens: 1, outputTokens: 1, costUsd: 0.25 } })).toEqual({
        scope: 'run',
        measure: 'cost-usd',
        limit: 0.5,
        used: 0.5,
      });
    });

    it("counts a tenant's daily budget across its runs", async () => {
      const fixture = await factory();
      await fixture.setBudget({ tenant: 'tenant-1' }, 'daily', { maxTokens: 200 });
      const first = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' });
      const second = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-2' });
      await fixture.commitUsage(first, { inputTokens: 90, outputTokens: 10 });
      expect(await fixture.guard.check({ instanceId: second, pending: none })).toBeNull();
      await fixture.commitUsage(second, { inputTokens: 100, outputTokens: 20 });
      const third = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' });
      expect(await fixture.guard.check({ instanceId: third, pending: none })).toEqual({ scope: 'tenant-daily', measure: 'tokens', limit: 200, used: 220 });
    });

    it("keeps tenants apart and an agent's budget to that agent's runs", async () => {
      const fixture = await factory();
      await fixture.setBudget({ tenant: 'tenant-1', agent: 'agent-1' }, 'monthly', { maxTokens: 50 });
      const limited = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' });
      const sibling = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-2' });
      const otherTenant = await fixture.startRun({ tenant: 'tenant-2', agent: 'agent-1' });
      await fixture.commitUsage(sibling, { inputTokens: 500, outputTokens: 0 });
      await fixture.commitUsage(otherTenant, { inputTokens: 500, outputTokens: 0 });
      expect(await fixture.guard.check({ instanceId: limited, pending: none })).toBeNull();
      await fixture.commitUsage(limited, { inputTokens: 50, outputTokens: 0 });
      expect(await fixture.guard.check({ instanceId: limited, pending: none })).toEqual({ scope: 'agent-monthly', measure: 'tokens', limit: 50, used: 50 });
      expect(await fixture.guard.check({ instanceId: sibling, pending: none })).toBeNull();
    });

    it('reports the run budget first and forgets a removed budget', async () => {
      const fixture = await factory();
      await fixture.setBudget({ tenant: 'tenant-1' }, 'monthly', { maxTokens: 10 });
      const run = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' }, { maxTokens: 10 });
      await fixture.commitUsage(run, { inputTokens: 10, outputTokens: 0 });
      expect(await fixture.guard.check({ instanceId: run, pending: none })).toEqual({ scope: 'run', measure: 'tokens', limit: 10, used: 10 });
      await fixture.setBudget({ tenant: 'tenant-1' }, 'monthly', null);
      const next = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' });
      expect(await fixture.guard.check({ instanceId: next, pending: none })).toBeNull();
    });

    it('answers a spent budget that fails the run before an earlier one that pauses it (ADR 0057)', async () => {
      const fixture = await factory();
      const run = await fixture.startRun({ tenant: 'tenant-1', agent: 'agent-1' }, { maxTokens: 10, onExceeded: 'pause' });
      await fixture.commitUsage(run, { inputTokens: 20, outputTokens: 0 });
      expect(await fixture.guard.check({ instanceId: run, pending: none })).toEqual({ scope: 'run', measure: 'tokens', limit: 10, used: 20, onExceeded: 'pause' });
      await fixture.setBudget({ tenant: 'tenant-1' }, 'monthly', { maxTokens: 15 });
      expect(await fixture.guard.check({ instanceId: run, pending: none })).toEqual({ scope: 'tenant-monthly', measure: 'tokens', limit: 15, used: 20 });
      await fixture.setBudget({ tenant: 'tenant-1' }, 'monthly', { maxTokens: 15, onExceeded: 'pause' });
      expect(await fixture.guard.check({ instanceId: run, pending: none })).toEqual({ scope: 'run', measure: 'tokens', limit: 10, used: 20, onExceeded: 'pause' });
    });
  });
}
