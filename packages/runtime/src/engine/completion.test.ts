import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool } from './test-support/lookup-tool';

const verifying = { config: { mode: 'react' as const, completion: { verify: true } } };

describe('completion review', () => {
  it('asks no verification by default: one model call per answer', async () => {
    const model = new ScriptedModel(['Answer'], { verification: ['{"decision":"continue","reason":"never asked"}'] });
    const outcome = await createEngine({ config: { mode: 'react' } }, { model }).execute('Q');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Answer' });
    expect(model.requests.map((request) => request.purpose)).toEqual(['action']);
  });

  it('continue sends the reason back to the model and the run goes on', async () => {
    const model = new ScriptedModel(['Draft answer', 'Better answer'], {
      verification: ['{"decision":"continue","reason":"Mention the year."}', '{"decision":"complete","reason":"ok"}'],
    });
    const outcome = await createEngine(verifying, { model }).execute('When was the loom invented?');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Better answer' });
    expect(model.requests.map((request) => request.purpose)).toEqual(['action', 'verification', 'action', 'verification']);
    expect(model.actionRequests[1]?.messages.at(-1)).toEqual({ role: 'user', content: 'Mention the year.' });
    expect(model.requests[1]?.tools).toEqual([]);
    expect(model.requests[1]?.messages.at(-1)?.content).toContain('Draft answer');
  });

  it('blocked ends the run as interrupted with the reason', async () => {
    const model = new ScriptedModel(['I cannot reach the archive'], { verification: ['{"decision":"blocked","reason":"Archive access missing"}'] });
    const outcome = await createEngine(verifying, { model }).execute('Read the archive');
    expect(outcome.next).toEqual({ type: 'interrupted', reason: 'completion-blocked', message: 'Archive access missing' });
    expect(outcome.checkpoint.status).toBe('interrupted');
  });

  it('requires tool evidence when configured', async () => {
    const model = new ScriptedModel(['Guess', { toolCalls: [{ id: 'c', name: 'lookup', arguments: { word: 'loom' } }] }, 'Checked answer']);
    const engine = createEngine(
      { config: { mode: 'react', completion: { requireToolEvidence: true, verify: false } } },
      { model, configureTools: (registry) => registry.register(lookupTool()) },
    );
    const outcome = await engine.execute('Define loom');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Checked answer' });
    expect(model.actionRequests[1]?.messages.at(-1)?.content).toContain('No tool has produced evidence yet');
  });

  it('accepts the candidate when the verifier reply is not a verdict', async () => {
    const model = new ScriptedModel(['Answer'], { verification: ['looks fine to me'] });
    const outcome = await createEngine(verifying, { model }).execute('Q');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Answer' });
  });
});
