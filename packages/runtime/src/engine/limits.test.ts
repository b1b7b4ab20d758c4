import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

const forever = (request: { instance: { step: number } }) => ({ toolCalls: [{ id: `call-${request.instance.step}`, name: 'lookup', arguments: { word: 'again' } }] });

describe('execution limits', () => {
  it('stops with model-call-limit when the model-call budget is spent', async () => {
    const model = new ScriptedModel([], { whenExhausted: forever });
    const engine = createEngine(reactSnapshot, { model, limits: { maxModelCalls: 3, maxIterations: 50 }, configureTools: (registry) => registry.register(lookupTool()) });
    const outcome = await engine.execute('Loop');
    expect(outcome.next).toMatchObject({ type: 'interrupted', reason: 'model-call-limit', error: { kind: 'limit-exceeded' } });
    expect(model.requests).toHaveLength(3);
    expect(outcome.checkpoint.status).toBe('interrupted');
  });

  it('stops with iteration-limit when the loop budget is spent', async () => {
    const model = new ScriptedModel([], { whenExhausted: forever });
    const engine = createEngine(reactSnapshot, { model, limits: { maxModelCalls: 50, maxIterations: 4 }, configureTools: (registry) => registry.register(lookupTool()) });
    const outcome = await engine.execute('Loop');
    expect(outcome.next).toMatchObject({ type: 'interrupted', reason: 'iteration-limit' });
    expect(model.requests).toHaveLength(4);
  });

  it('counts auxiliary verification calls against the model-call budget', async () => {
    const model = new ScriptedModel(['First try', 'Second try'], { verification: ['{"decision":"continue","reason":"Add detail."}'] });
    const engine = createEngine({ config: { mode: 'react', completion: { verify: true } } }, { model, limits: { maxModelCalls: 3 } });
    const outcome = await engine.execute('Explain');
    expect(model.requests.map((request) => request.purpose)).toEqual(['action', 'verification', 'action']);
    expect(outcome.next).toMatchObject({ type: 'interrupted', reason: 'model-call-limit' });
  });

  it('uses 96 model calls and 64 iterations by default', () => {
    const engine = createEngine(reactSnapshot, { model: new ScriptedModel([]) });
    expect(engine.services.bindings.limits).toEqual({ maxModelCalls: 96, maxIterations: 64 });
  });
});
