import { describe, expect, it } from 'vitest';
import { InMemoryBudgetGuard } from '../budgets/in-memory-budget-guard';
import type { AgentRun } from './agent-run';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import type { StepResult } from './step-result';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

const forever = (request: { instance: { step: number } }) => ({ toolCalls: [{ id: `call-${request.instance.step}`, name: 'lookup', arguments: { word: 'again' } }] });

/** Steps like a host: each step's usage is committed to the guard before the next step starts. */
async function stepAll(run: AgentRun, guard: InMemoryBudgetGuard): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (;;) {
    const result = await run.step();
    guard.recordUsage(run.instanceId, result.usage);
    results.push(result);
    if (result.next.type !== 'run-again') return results;
  }
}

describe('budgets', () => {
  it('stops at the step boundary once the run budget is spent, before another model call', async () => {
    const guard = new InMemoryBudgetGuard();
    guard.registerRun('run-1', { tenant: 'tenant', agent: 'agent' }, { maxTokens: 40 });
    // Every scripted call uses 10 input + 5 output tokens: 15, 30, 45 → the fourth step is refused.
    const model = new ScriptedModel([], { whenExhausted: forever });
    const engine = createEngine(reactSnapshot, { model, budget: guard, configureTools: (registry) => registry.register(lookupTool()) });
    const results = await stepAll(engine.start({ task: 'Loop', instanceId: 'run-1' }), guard);
    expect(model.requests).toHaveLength(3);
    expect(results).toHaveLength(4);
    expect(results.at(-1)!.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(results.at(-1)!.next).toEqual({
      type: 'interrupted',
      reason: 'failed',
      message: 'Run token budget exceeded: limit 40 tokens, used 45 tokens',
      error: { kind: 'budget-exceeded', message: 'Run token budget exceeded: limit 40 tokens, used 45 tokens' },
    });
  });

  it("checks before each model call within a step, counting the step's own usage", async () => {
    const guard = new InMemoryBudgetGuard();
    guard.registerRun('run-2', { tenant: 'tenant', agent: 'agent' });
    guard.setBudget({ tenant: 'tenant' }, 'daily', { maxTokens: 10 });
    const model = new ScriptedModel(['An answer'], { verification: ['{"decision":"complete","reason":"ok"}'] });
    const engine = createEngine({ config: { mode: 'react', completion: { verify: true } } }, { model, budget: guard });
    const results = await stepAll(engine.start({ task: 'Explain', instanceId: 'run-2' }), guard);
    expect(model.requests.map((request) => request.purpose)).toEqual(['action']);
    expect(results).toHaveLength(1);
    expect(results[0]!.usage).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect(results[0]!.next).toMatchObject({ type: 'interrupted', error: { kind: 'budget-exceeded', message: 'Tenant daily token budget exceeded: limit 10 tokens, used 15 tokens' } });
  });

  it('asks once for a step whose first model call follows the boundary with nothing spent between, and before every later call', async () => {
    const guard = new InMemoryBudgetGuard();
    guard.registerRun('run-4', { tenant: 'tenant', agent: 'agent' }, { maxTokens: 1_000 });
    const asked: { inputTokens: number; outputTokens: number }[] = [];
    const counting = { check: (request: Parameters<InMemoryBudgetGuard['check']>[0]) => (asked.push({ ...request.pending }), guard.check(request)) };
    // One step with two model calls: the action, then the completion review's verification.
    const model = new ScriptedModel(['An answer'], { verification: ['{"decision":"complete","reason":"ok"}'] });
    const engine = createEngine({ config: { mode: 'react', completion: { verify: true } } }, { model, budget: counting });
    const results = await stepAll(engine.start({ task: 'Explain', instanceId: 'run-4' }), guard);
    expect(model.requests.map((request) => request.purpose)).toEqual(['action', 'verification']);
    expect(results.at(-1)!.next).toMatchObject({ type: 'final-output' });
    // The boundary (nothing spent), then the verification (the action's 15 tokens spent): the action's own check is the boundary's.
    expect(asked).toEqual([
      { inputTokens: 0, outputTokens: 0 },
      { inputTokens: 10, outputTokens: 5 },
    ]);
  });

  // A spend in any one of the three measures is a spend: the answer given before it does not stand (ADR 0102).
  it.each([
    ['input tokens only', { inputTokens: 7, outputTokens: 0 }],
    ['output tokens only', { inputTokens: 0, outputTokens: 7 }],
    ['cost only', { inputTokens: 0, outputTokens: 0, costUsd: 0.01 }],
  ])('asks again before a later call of the step when the call before it spent %s', async (_label, usage) => {
    const guard = new InMemoryBudgetGuard();
    guard.registerRun('run-5', { tenant: 'tenant', agent: 'agent' }, { maxTokens: 1_000, maxCostUsd: 1 });
    const asked: unknown[] = [];
    const counting = { check: (request: Parameters<InMemoryBudgetGuard['check']>[0]) => (asked.push({ ...request.pending }), guard.check(request)) };
    const model = new ScriptedModel([{ text: 'An answer', usage }], { verification: ['{"decision":"complete","reason":"ok"}'] });
    const engine = createEngine({ config: { mode: 'react', completion: { verify: true } } }, { model, budget: counting });
    await stepAll(engine.start({ task: 'Explain', instanceId: 'run-5' }), guard);
    expect(model.requests.map((request) => request.purpose)).toEqual(['action', 'verification']);
    expect(asked).toEqual([{ inputTokens: 0, outputTokens: 0 }, usage]);
  });

  it('runs to the end when the budget has room', async () => {
    const guard = new InMemoryBudgetGuard();
    guard.registerRun('run-3', { tenant: 'tenant', agent: 'agent' }, { maxTokens: 1_000, maxCostUsd: 1 });
    const model = new ScriptedModel(['Done']);
    const engine = createEngine(reactSnapshot, { model, budget: guard });
    const results = await stepAll(engine.start({ task: 'Answer', instanceId: 'run-3' }), guard);
    expect(results.at(-1)!.next).toEqual({ type: 'final-output', output: 'Done' });
  });
});
