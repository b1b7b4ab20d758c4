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

describe('tool batches', () => {
  it('runs parallel tool calls concurrently and answers each in call order', async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = lookupTool({
      async execute(args: { word: string }) {
        started.push(args.word);
        if (started.length === 2) release();
        await gate;
        return { content: `definition of ${args.word}` };
      },
    });
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'a', name: 'lookup', arguments: { word: 'warp' } }, { id: 'b', name: 'lookup', arguments: { word: 'weft' } }] },
      'Done.',
    ]);
    const engine = createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(slow) });
    const outcome = await engine.execute('Define warp and weft');
    expect(outcome.next.type).toBe('final-output');
    const tail = model.actionRequests[1]?.messages.slice(-3);
    expect(tail?.[0]).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'a' }, { id: 'b' }] });
    expect(tail?.slice(1)).toEqual([
      { role: 'tool', toolCallId: 'a', toolName: 'lookup', content: 'definition of warp' },
      { role: 'tool', toolCallId: 'b', toolName: 'lookup', content: 'definition of weft' },
    ]);
  });

  it('returns invalid arguments to the model as a clear error and lets it retry', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'bad', name: 'lookup', arguments: { word: 42 } }] },
      { toolCalls: [{ id: 'good', name: 'lookup', arguments: { word: 'heddle' } }] },
      'A heddle guides the warp.',
    ]);
    const engine = createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(lookupTool()) });
    const run = engine.start({ task: 'What is a heddle?' });
    const first = await run.step();
    expect(first.toolCalls).toMatchObject([{ callId: 'bad', status: 'rejected', result: { isError: true } }]);
    await run.step();
    const feedback = model.actionRequests[1]?.messages.at(-1);
    expect(feedback).toMatchObject({ role: 'tool', toolCallId: 'bad', isError: true });
    expect(feedback?.content).toContain('Invalid arguments for tool "lookup"');
    expect(feedback?.content).toContain('word');
    const outcome = await run.runUntilPause();
    expect(outcome.next).toEqual({ type: 'final-output', output: 'A heddle guides the warp.' });
  });

  it('answers an unknown tool with an error result instead of failing the run', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'x', name: 'teleport', arguments: {} }] }, 'Cannot teleport.']);
    const engine = createEngine(reactSnapshot, { model });
    const outcome = await engine.execute('Teleport me');
    expect(outcome.next.type).toBe('final-output');
    expect(model.actionRequests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'x', isError: true });
  });

  it('turns a throwing handler into a failed tool result the model sees', async () => {
    const broken = lookupTool({
      execute() {
        return Promise.reject(new Error('dictionary offline'));
      },
    });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'lookup', arguments: { word: 'x' } }] }, 'Sorry.']);
    const engine = createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(broken) });
    const run = engine.start({ task: 'Define x' });
    const step = await run.step();
    expect(step.toolCalls[0]).toMatchObject({ status: 'failed', result: { content: 'Tool lookup failed: dictionary offline', isError: true } });
    expect(step.events.map((event) => event.type)).toEqual([
      'run-started',
      'step-started',
      'model-call-started',
      'model-call-finished',
      'tool-call-proposed',
      'tool-call-started',
      'tool-call-finished',
      'checkpoint-saved',
    ]);
  });
});
