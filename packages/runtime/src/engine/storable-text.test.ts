import { describe, expect, it } from 'vitest';
import type { RuntimeEvent } from '../contracts/events';
import type { ModelResponse } from '../contracts/model-gateway';
import type { ToolResult } from '../contracts/tool';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

// Postgres stores neither NUL nor a lone surrogate: the engine shows everyone U+FFFD in their place.
const fffd = '\ufffd';

describe('text the host cannot store', () => {
  it('a tool result with NUL and lone surrogates reaches the hooks, the step record and the model repaired', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: { word: 'raw' } }] }, 'Done.']);
    const finished: ToolResult[] = [];
    const engine = createEngine(reactSnapshot, {
      model,
      configureTools: (registry) =>
        registry.register(lookupTool({ execute: () => Promise.resolve({ content: 'binary\u0000payload \ud800', data: { 'k\udc00': ['\u0000'] } }) })),
      hooks: [{ toolCallFinished: ({ result }) => void finished.push(result) }],
    });
    const run = engine.start({ task: 'Read the raw bytes' });
    const steps = [await run.step(), await run.step()];
    const repaired = `binary${fffd}payload ${fffd}`;
    expect(finished[0]).toMatchObject({ content: repaired, data: { [`k${fffd}`]: [fffd] } });
    expect(model.requests[1]!.messages.find((message) => message.role === 'tool')!.content).toBe(repaired);
    const record = steps.flatMap((step) => step.toolCalls).find((call) => call.callId === 'c1')!;
    expect(record).toMatchObject({ status: 'succeeded', result: { content: repaired, isError: false, data: { [`k${fffd}`]: [fffd] } } });
    const event = steps.flatMap((step) => step.events).find((each) => each.type === 'tool-call-finished')!;
    expect(event.data['contentLength']).toBe(repaired.length);
    await engine.close();
  });

  it('a model reply with NUL and lone surrogates reaches the hooks, the events, the tool and the transcript repaired', async () => {
    const model = new ScriptedModel([
      { text: 'Looking \u0000up \ud800now', stream: true, toolCalls: [{ id: 'c\u0000', name: 'lookup', argumentsJson: '{"word":"a\\u0000b\\udfff"}' }] },
      'Done.',
    ]);
    const words: string[] = [];
    const replies: ModelResponse[] = [];
    const engine = createEngine(reactSnapshot, {
      model,
      configureTools: (registry) =>
        registry.register(
          lookupTool({
            execute: (args: { word: string }) => {
              words.push(args.word);
              return Promise.resolve({ content: 'ok' });
            },
          }),
        ),
      hooks: [{ modelCallFinished: ({ response }) => void replies.push(response) }],
    });
    const events: RuntimeEvent[] = [];
    engine.observe((event) => events.push(event));
    const outcome = await engine.execute('Look it up');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Done.' });
    const text = `Looking ${fffd}up ${fffd}now`;
    expect(replies[0]).toMatchObject({ text, toolCalls: [{ id: `c${fffd}` }] });
    expect(words).toEqual([`a${fffd}b${fffd}`]);
    const deltas = events.filter((event) => event.type === 'text-delta').map((event) => event.data['delta'] as string);
    expect(deltas.join('')).toBe(text);
    const assistant = model.requests[1]!.messages.find((message) => message.role === 'assistant')!;
    expect(assistant).toMatchObject({ content: text, toolCalls: [{ id: `c${fffd}`, arguments: { word: `a${fffd}b${fffd}` } }] });
    await engine.close();
  });

  it("a handler's observations and citations reach the step's events repaired", async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: { word: 'raw' } }] }, 'Done.']);
    const engine = createEngine(reactSnapshot, {
      model,
      configureTools: (registry) =>
        registry.register(
          lookupTool({
            execute: (_args: { word: string }, context) => {
              context.emit({ kind: 'progress\u0000', data: { note: 'half \ud800done' } });
              context.citations.record({ source: 'file\u0000.txt', quote: '\udc00quoted' });
              return Promise.resolve({ content: 'ok' });
            },
          }),
        ),
    });
    const run = engine.start({ task: 'Read the raw bytes' });
    const steps = [await run.step(), await run.step()];
    const events = steps.flatMap((step) => step.events);
    expect(events.find((each) => each.type === 'tool-observation-emitted')?.data).toMatchObject({
      kind: `progress${fffd}`,
      data: { note: `half ${fffd}done` },
    });
    expect(events.find((each) => each.type === 'citation-recorded')?.data).toMatchObject({ source: `file${fffd}.txt`, quote: `${fffd}quoted` });
    await engine.close();
  });
});
