import { describe, expect, it } from 'vitest';
import type { RuntimeEvent } from '../contracts/events';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

describe('engine observers', () => {
  it('see every run event as a frozen snapshot and cannot change the run', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'lookup', arguments: { word: 'loom' } }] }, { text: 'A loom weaves.', stream: true }]);
    const engine = createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(lookupTool()) });
    const seen: RuntimeEvent[] = [];
    let mutationFailures = 0;
    engine.observe((event) => {
      seen.push(event);
      try {
        (event.data as Record<string, unknown>)['arguments'] = { word: 'hacked' };
      } catch {
        mutationFailures += 1;
      }
    });
    const outcome = await engine.execute('Define loom');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'A loom weaves.' });
    expect(mutationFailures).toBe(seen.length);
    expect(seen.map((event) => event.sequence)).toEqual(seen.map((_, position) => position + 1));
    const types = new Set(seen.map((event) => event.type));
    for (const type of ['run-started', 'step-started', 'model-call-started', 'model-call-finished', 'text-delta', 'tool-call-proposed', 'tool-call-started', 'tool-call-finished', 'checkpoint-saved', 'run-finished']) {
      expect(types.has(type as RuntimeEvent['type'])).toBe(true);
    }
    expect(seen.find((event) => event.type === 'model-call-finished')?.data['usage']).toEqual({ inputTokens: 10, outputTokens: 5, costUsd: null });
    expect(model.actionRequests[1]?.messages.at(-1)?.content).toBe('definition of loom');
  });

  it('an observer release handle stops delivery', async () => {
    const engine = createEngine(reactSnapshot, { model: new ScriptedModel(['hi']) });
    let count = 0;
    const handle = engine.observe(() => (count += 1));
    handle.release();
    await engine.execute('x');
    expect(count).toBe(0);
  });
});
