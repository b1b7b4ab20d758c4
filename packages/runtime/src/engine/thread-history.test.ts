import { describe, expect, it } from 'vitest';
import type { ToolRegistry } from '../contracts/tool-registry';
import { ValidationError } from '../errors';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

const history = [
  { role: 'user' as const, content: 'Which plan did we pick?' },
  { role: 'assistant' as const, content: 'We approved plan X.' },
];

describe('seeded thread history', () => {
  it('shows earlier turns before the task and persists them after it (indexes 2 …)', async () => {
    const model = new ScriptedModel(['Plan X, as approved earlier.']);
    const engine = createEngine(reactSnapshot, { model });
    const run = engine.start({ task: 'Remind me of the plan', history });
    const step = await run.step();
    expect(model.requests[0]?.messages.map((message) => message.content).slice(1)).toEqual(['Which plan did we pick?', 'We approved plan X.', 'Remind me of the plan']);
    expect(step.messages.slice(0, 4).map(({ index, message }) => [index, message.role])).toEqual([[0, 'system'], [1, 'user'], [2, 'user'], [3, 'assistant']]);
    expect(step.checkpoint.context).toMatchObject({ historyCount: 2 });
    await engine.close();
  });

  it('resumes with the history still ahead of the task', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: { word: 'plan' } }] }, 'Done.']);
    const tools = { configureTools: (registry: ToolRegistry) => registry.register(lookupTool()) };
    const first = createEngine(reactSnapshot, { model, ...tools });
    const run = first.start({ task: 'Look up the plan', history });
    const step = await run.step();
    await first.close();
    const transcript = step.messages.map(({ message }) => message);
    const second = createEngine(reactSnapshot, { model, ...tools });
    const resumed = second.resume({ checkpoint: step.checkpoint, messages: transcript });
    await resumed.runUntilPause();
    const lastRequest = model.requests.at(-1)!;
    expect(lastRequest.messages.slice(1, 4).map((message) => message.content)).toEqual(['Which plan did we pick?', 'We approved plan X.', 'Look up the plan']);
    await second.close();
  });

  it('refuses tool traffic as history', () => {
    const engine = createEngine(reactSnapshot, { model: new ScriptedModel(['ok']) });
    expect(() => engine.start({ task: 'x', history: [{ role: 'tool', toolCallId: 'a', toolName: 'b', content: 'c' }] })).toThrow(ValidationError);
  });
});
