import { describe, expect, it } from 'vitest';
import { parseCheckpoint, serializeCheckpoint } from '../checkpoint/serialize';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool } from './test-support/lookup-tool';

describe('checkpoint size', () => {
  it('a checkpoint at step 200 of a 200-step run is at most 1.2x the one at step 10', async () => {
    const model = new ScriptedModel([], {
      whenExhausted: (request) => ({ text: 'Looking it up.', toolCalls: [{ id: `call-${request.instance.step}`, name: 'lookup', arguments: { word: `word-${request.instance.step}` } }] }),
    });
    const engine = createEngine(
      { config: { mode: 'react', limits: { maxModelCalls: 500, maxIterations: 500 }, completion: { verify: false, requireToolEvidence: false } } },
      { model, configureTools: (registry) => registry.register(lookupTool()) },
    );
    const run = engine.start({ task: 'Keep looking things up' });
    const sizes = new Map<number, number>();
    for (let step = 1; step <= 200; step += 1) {
      const result = await run.step();
      expect(result.next.type).toBe('run-again');
      const stored = serializeCheckpoint(result.checkpoint);
      sizes.set(result.step, stored.length);
      expect(parseCheckpoint(stored)).toEqual(result.checkpoint);
    }
    expect(run.transcript().length).toBeGreaterThan(400);
    expect(sizes.get(200)!).toBeLessThanOrEqual(1.2 * sizes.get(10)!);
  });
});
