import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool } from './test-support/lookup-tool';

const planSnapshot = { config: { mode: 'plan' as const, completion: { verify: false, requireToolEvidence: false } } };

describe('plan mode', () => {
  it('offers plan tools, refuses other tools before a plan, and sends back answers while items are open', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'early', name: 'lookup', arguments: { word: 'loom' } }] },
      { toolCalls: [{ id: 'p1', name: 'plan_update', arguments: { items: [{ id: '1', title: 'Look up loom', status: 'in-progress' }] } }] },
      { toolCalls: [{ id: 'l1', name: 'lookup', arguments: { word: 'loom' } }] },
      'Premature answer',
      { toolCalls: [{ id: 'p2', name: 'plan_update', arguments: { items: [{ id: '1', title: 'Look up loom', status: 'done' }] } }, { id: 'r1', name: 'plan_read', arguments: {} }] },
      'A loom weaves cloth.',
    ]);
    const engine = createEngine(planSnapshot, { model, configureTools: (registry) => registry.register(lookupTool()) });
    const outcome = await engine.execute('Explain a loom');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'A loom weaves cloth.' });
    const [first, second, , fourth, fifth, sixth] = model.actionRequests;
    expect(first?.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['plan_read', 'plan_update', 'lookup']));
    expect(first?.messages[0]?.content).toContain('plan_update');
    expect(second?.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'early', isError: true });
    expect(second?.messages.at(-1)?.content).toContain('Write a plan with plan_update before calling lookup');
    expect(fifth?.messages.at(-1)?.content).toContain('Your plan still has open items: 1 "Look up loom" (in-progress)');
    expect(fourth?.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'l1', content: 'definition of loom' });
    expect(sixth?.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'r1', content: JSON.stringify({ items: [{ id: '1', title: 'Look up loom', status: 'done' }] }) });
    expect(outcome.checkpoint.plan).toEqual({ items: [{ id: '1', title: 'Look up loom', status: 'done' }] });
  });

  it('rejects a plan with duplicate item ids', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'p', name: 'plan_update', arguments: { items: [{ id: '1', title: 'a', status: 'pending' }, { id: '1', title: 'b', status: 'pending' }] } }] },
      'x',
    ]);
    const run = createEngine(planSnapshot, { model }).start({ task: 't' });
    const step = await run.step();
    expect(step.toolCalls[0]).toMatchObject({ status: 'failed', result: { content: 'Plan item ids must be unique.' } });
    expect(step.checkpoint.plan).toBeNull();
  });
});
