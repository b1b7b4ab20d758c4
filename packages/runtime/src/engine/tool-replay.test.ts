import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

describe('a hook replaying a recorded result', () => {
  it('answers the model with the recorded result as a normal tool result, without running the tool', async () => {
    const executed: string[] = [];
    const model = new ScriptedModel([{ toolCalls: [{ id: 't1', name: 'lookup', arguments: { word: 'loom' } }] }, 'Done.']);
    const engine = createEngine(reactSnapshot, {
      model,
      hooks: [{ toolCallStarting: ({ call }) => (call.id === 't1' ? { replay: true, result: { content: 'recorded definition' } } : undefined) }],
      configureTools: (registry) => registry.register(lookupTool({ execute: (args: { word: string }) => (executed.push(args.word), Promise.resolve({ content: 'fresh' })) })),
    });
    const run = engine.start({ task: 'Define loom', instanceId: 'run-1' });
    const first = await run.step();
    expect(executed).toEqual([]);
    expect(first.events.find((event) => event.type === 'tool-call-finished')?.data).toMatchObject({ callId: 't1', status: 'succeeded', isError: false, replayed: true });
    expect(first.toolCalls).toMatchObject([{ callId: 't1', status: 'succeeded', replayed: true, result: { content: 'recorded definition', isError: false } }]);
    await run.runUntilPause();
    expect(model.actionRequests[1]?.messages.at(-1)).toEqual({ role: 'tool', toolCallId: 't1', toolName: 'lookup', content: 'recorded definition' });
    await engine.close();
  });
});
