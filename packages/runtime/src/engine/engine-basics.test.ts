import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

describe('engine basics', () => {
  it('answers a plain question and shows the model the system prompt and task', async () => {
    const model = new ScriptedModel(['Paris.']);
    const engine = createEngine(reactSnapshot, { model });
    const outcome = await engine.execute('Capital of France?');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Paris.' });
    const [request] = model.requests;
    expect(request?.purpose).toBe('action');
    expect(request?.messages[0]?.role).toBe('system');
    expect(request?.messages[0]?.content).toContain('Be brief.');
    expect(request?.messages[1]).toEqual({ role: 'user', content: 'Capital of France?' });
    expect(outcome.transcript).toHaveLength(3);
    await engine.close();
  });

  it('plumbs a tool call result back to the model', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: { word: 'loom' } }] }, 'A loom weaves.']);
    const engine = createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(lookupTool()) });
    const outcome = await engine.execute('What is a loom?');
    expect(outcome.next.type).toBe('final-output');
    const second = model.actionRequests[1];
    expect(second?.messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'c1', toolName: 'lookup', content: 'definition of loom' });
    expect(second?.tools.map((tool) => tool.name)).toContain('lookup');
    await engine.close();
  });
});
