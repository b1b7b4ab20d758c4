import { describe, expect, it } from 'vitest';

import { describeBudgetGuardContract } from '../testing/conformance/budget-guard-contract';
import { InMemoryBudgetGuard } from './in-memory-budget-guard';

describeBudgetGuardContract(
  () => {
    const guard = new InMemoryBudgetGuard();
    let runs = 0;
    return {
      guard,
      startRun: (owner, budget) => {
        runs += 1;
        const instanceId = `run-${runs}`;
        guard.registerRun(instanceId, owner, budget);
        return Promise.resolve(instanceId);
      },
      setBudget: (owner, period, limits) => Promise.resolve(guard.setBudget(owner, period, limits)),
      commitUsage: (instanceId, usage) => Promise.resolve(guard.recordUsage(instanceId, usage)),
    };
  },
  { describe, it, expect },
);

describe('InMemoryBudgetGuard windows', () => {
  it('starts a new daily window at UTC midnight and keeps the month', async () => {
    let now = new Date('2026-03-10T23:59:00Z');
    const guard = new InMemoryBudgetGuard(() => now);
    guard.setBudget({ tenant: 't' }, 'daily', { maxTokens: 100 });
    guard.setBudget({ tenant: 't' }, 'monthly', { maxTokens: 150 });
    guard.registerRun('r', { tenant: 't', agent: 'a' });
    guard.recordUsage('r', { inputTokens: 100, outputTokens: 0 });
    expect(await guard.check({ instanceId: 'r', pending: { inputTokens: 0, outputTokens: 0 } })).toMatchObject({ scope: 'tenant-daily' });
    now = new Date('2026-03-11T00:01:00Z');
    expect(await guard.check({ instanceId: 'r', pending: { inputTokens: 0, outputTokens: 0 } })).toBeNull();
    guard.recordUsage('r', { inputTokens: 50, outputTokens: 0 });
    expect(await guard.check({ instanceId: 'r', pending: { inputTokens: 0, outputTokens: 0 } })).toEqual({ scope: 'tenant-monthly', measure: 'tokens', limit: 150, used: 150 });
  });
});
