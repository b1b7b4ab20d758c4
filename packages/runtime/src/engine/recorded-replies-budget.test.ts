import { describe, expect, it } from 'vitest';
import { InMemoryBudgetGuard } from '../budgets/in-memory-budget-guard';
import type { BudgetCheckRequest, BudgetExceeded, BudgetGuard } from '../contracts/budget-guard';
import type { ModelGateway, ModelRequest, ModelResponse } from '../contracts/model-gateway';
import type { RecordedReplySource } from '../contracts/recorded-replies';
import { ScriptedModel } from '../testing/scripted-model';
import type { AgentRun } from './agent-run';
import { createEngine } from './create-engine';
import type { StepResult } from './step-result';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

const recording = [
  { toolCalls: [{ id: 'c1', name: 'lookup', arguments: { word: 'first' } }] },
  { toolCalls: [{ id: 'c2', name: 'lookup', arguments: { word: 'second' } }] },
  { text: 'Recorded answer' },
];

/**
 * A recorded replay's gateway in miniature: the first `served` action calls (counted by the assistant
 * turns already in the request, so it is stateless like the platform's) are answered from the
 * recording, every later one by the live model.
 */
class ReplayingModel implements ModelGateway, RecordedReplySource {
  readonly moduleId = 'test-replaying-model/v1';
  readonly recorded = new ScriptedModel(recording);
  constructor(
    private readonly served: number,
    readonly live: ScriptedModel = new ScriptedModel(['Live answer']),
  ) {}

  servesRecorded(request: Pick<ModelRequest, 'purpose' | 'messages'>): boolean {
    return request.purpose === 'action' && request.messages.filter((message) => message.role === 'assistant').length < this.served;
  }

  invoke(request: ModelRequest): Promise<ModelResponse> {
    return this.servesRecorded(request) ? this.recorded.invoke(request) : this.live.invoke(request);
  }
}

/** The reference guard, counting how often it is asked. */
class CountingGuard implements BudgetGuard {
  checks = 0;
  constructor(readonly inner: InMemoryBudgetGuard) {}
  check(request: BudgetCheckRequest): Promise<BudgetExceeded | null> {
    this.checks += 1;
    return this.inner.check(request);
  }
}

/** A tenant whose daily token budget is already spent (policy `fail` unless said). */
function spentGuard(instanceId: string, onExceeded?: 'pause'): CountingGuard {
  const inner = new InMemoryBudgetGuard();
  inner.registerRun(instanceId, { tenant: 'tenant', agent: 'agent' });
  inner.setBudget({ tenant: 'tenant' }, 'daily', { maxTokens: 10, ...(onExceeded ? { onExceeded } : {}) });
  inner.recordUsage(instanceId, { inputTokens: 10, outputTokens: 5 });
  return new CountingGuard(inner);
}

async function stepAll(run: AgentRun): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (;;) {
    const result = await run.step();
    results.push(result);
    if (result.next.type !== 'run-again') return results;
  }
}

const engineFor = (model: ModelGateway, guard: BudgetGuard) =>
  createEngine(reactSnapshot, { model, budget: guard, configureTools: (registry) => registry.register(lookupTool()) });

describe('budgets of a recorded replay (ADR 0071)', () => {
  it('never asks the guard while every reply is served from the recording: served replies spend nothing', async () => {
    const guard = spentGuard('replay-1');
    const model = new ReplayingModel(3);
    const results = await stepAll(engineFor(model, guard).start({ task: 'Look up two words', instanceId: 'replay-1' }));
    expect(results.at(-1)!.next).toEqual({ type: 'final-output', output: 'Recorded answer' });
    expect(results).toHaveLength(3);
    expect(guard.checks).toBe(0);
    expect(model.live.requests).toHaveLength(0);
  });

  it('asks before the first call the recording does not serve, and stops it there when a budget is spent', async () => {
    const guard = spentGuard('replay-2');
    const model = new ReplayingModel(1);
    const results = await stepAll(engineFor(model, guard).start({ task: 'Look up two words', instanceId: 'replay-2' }));
    expect(model.recorded.requests).toHaveLength(1);
    expect(model.live.requests).toHaveLength(0);
    expect(results).toHaveLength(2);
    expect(results.at(-1)!.next).toMatchObject({ type: 'interrupted', error: { kind: 'budget-exceeded' } });
    expect(guard.checks).toBe(1);
  });

  it('asks at every step boundary and before every call once a call went to the live model', async () => {
    const guard = new CountingGuard(new InMemoryBudgetGuard());
    // Served: step 1. Live from step 2 on: its call (1), then step 3's boundary (2), whose answer also covers
    // step 3's call, made with nothing spent since (ADR 0102).
    const live = new ScriptedModel([{ toolCalls: [{ id: 'l1', name: 'lookup', arguments: { word: 'live' } }] }, 'Live answer']);
    const results = await stepAll(engineFor(new ReplayingModel(1, live), guard).start({ task: 'Look up two words', instanceId: 'replay-3' }));
    expect(results.at(-1)!.next).toEqual({ type: 'final-output', output: 'Live answer' });
    expect(guard.checks).toBe(2);
  });

  it('asks at the boundary of a resumed execution, which may have diverged before it paused', async () => {
    const first = engineFor(new ReplayingModel(3), new CountingGuard(new InMemoryBudgetGuard())).start({ task: 'Look up two words', instanceId: 'replay-4' });
    const step = await first.step();
    expect(step.next.type).toBe('run-again');
    const guard = spentGuard('replay-4', 'pause');
    const model = new ReplayingModel(3);
    const resumed = engineFor(model, guard).resume({ checkpoint: step.checkpoint, messages: first.transcript() });
    const next = await resumed.step();
    expect(next.next).toMatchObject({ type: 'wait', budgetPause: { scope: 'tenant-daily' } });
    expect(guard.checks).toBe(1);
    expect(model.recorded.requests).toHaveLength(0);
  });
});
