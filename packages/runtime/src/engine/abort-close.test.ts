import { describe, expect, it } from 'vitest';
import { ReactStrategy } from '../strategies/react-strategy';
import { BudgetCompactionPolicy } from '../context/budget-compaction-policy';
import { EvidenceCompletionPolicy } from '../completion/evidence-completion-policy';
import { JournalContextManager } from '../context/journal-context-manager';
import { DefaultHookManager } from '../hooks/default-hook-manager';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { reactSnapshot } from './test-support/lookup-tool';

function closing<T extends object>(module: T, log: string[], failure?: string): T {
  return Object.assign(module, {
    close() {
      log.push((module as { moduleId: string }).moduleId);
      return failure ? Promise.reject(new Error(failure)) : Promise.resolve();
    },
  });
}

describe('abort and close', () => {
  it('aborting mid model call interrupts the step as cancelled', async () => {
    const model = new ScriptedModel([{ hang: true }]);
    const run = createEngine(reactSnapshot, { model }).start({ task: 'Wait forever' });
    const pending = run.step();
    await new Promise((resolve) => setTimeout(resolve, 10));
    run.cancel('User pressed stop');
    const step = await pending;
    expect(step.next).toMatchObject({ type: 'interrupted', reason: 'cancelled', error: { kind: 'aborted' } });
    expect(step.events.at(-2)).toMatchObject({ type: 'run-finished', data: { outcome: 'interrupted', reason: 'cancelled' } });
    expect(step.checkpoint.status).toBe('interrupted');
  });

  it('an external AbortSignal cancels the run', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([{ hang: true }]);
    const outcome = createEngine(reactSnapshot, { model }).execute({ task: 'x', signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    expect((await outcome).next).toMatchObject({ reason: 'cancelled' });
  });

  it('allows one execution at a time', () => {
    const engine = createEngine(reactSnapshot, { model: new ScriptedModel(['a', 'b']) });
    engine.start({ task: 'one' });
    expect(() => engine.start({ task: 'two' })).toThrow(/one execution at a time/);
  });

  it('close cancels the active run, awaits it, then closes modules in the fixed order, each once', async () => {
    const log: string[] = [];
    const model = closing(new ScriptedModel([{ hang: true }]), log);
    const shared = closing(new BudgetCompactionPolicy(), log);
    const engine = createEngine(reactSnapshot, {
      model,
      strategy: closing(new ReactStrategy(), log),
      completion: closing(new EvidenceCompletionPolicy(), log),
      context: closing(new JournalContextManager(), log),
      compaction: shared,
      hooks: closing(new DefaultHookManager(), log),
    });
    const run = engine.start({ task: 'x' });
    const pending = run.step();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const report = await engine.close();
    expect((await pending).next).toMatchObject({ reason: 'cancelled' });
    expect(log).toEqual(['react-strategy/v1', 'evidence-completion/v1', 'journal-context/v1', 'budget-compaction/v1', 'scripted-model/v1', 'hook-manager/v1']);
    expect(report.closed).toEqual(log);
    expect(report.errors).toEqual([]);
    await engine.close();
    expect(log).toHaveLength(6);
    expect(() => engine.start({ task: 'again' })).toThrow(/closed/);
  });

  it('reports close errors and still closes the remaining modules', async () => {
    const log: string[] = [];
    const engine = createEngine(reactSnapshot, {
      model: closing(new ScriptedModel([]), log),
      strategy: closing(new ReactStrategy(), log, 'strategy exploded'),
    });
    const report = await engine.close();
    expect(report.errors.map((error) => [error.moduleId, error.message])).toEqual([['react-strategy/v1', 'strategy exploded']]);
    expect(log).toEqual(['react-strategy/v1', 'scripted-model/v1']);
  });

  it('rejects modules without a versioned moduleId', () => {
    const unversioned = { moduleId: 'my-strategy', instructions: () => '', candidateFeedback: () => null, authorizeTool: () => ({ allowed: true as const }) };
    expect(() => createEngine(reactSnapshot, { model: new ScriptedModel([]), strategy: unversioned })).toThrow(/versioned moduleId/);
  });
});
