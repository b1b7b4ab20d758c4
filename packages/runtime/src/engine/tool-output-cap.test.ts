import { describe, expect, it } from 'vitest';
import type { ToolRegistry } from '../contracts/tool-registry';
import { ValidationError } from '../errors';
import { ScriptedModel } from '../testing/scripted-model';
import { utf8Bytes } from '../tools/bound-tool-output';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

const fiveMegabytes = 5 * 1024 * 1024;

describe('tool output cap', () => {
  const hugeTool = (registry: ToolRegistry) =>
    registry.register(lookupTool({ execute: () => Promise.resolve({ content: 'z'.repeat(fiveMegabytes), data: { bytes: fiveMegabytes } }) }));

  it('shows the model a truncated result with a note, and hands hooks and the step result no more than the cap', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: { word: 'big' } }] }, 'Done.']);
    const finished: { content: string; outputBytes?: number }[] = [];
    const engine = createEngine(reactSnapshot, {
      model,
      configureTools: hugeTool,
      toolOutputMaxBytes: 64 * 1024,
      hooks: [{ toolCallFinished: ({ result }) => void finished.push(result) }],
    });
    const run = engine.start({ task: 'Fetch the big thing' });
    const steps = [await run.step(), await run.step()];
    const toolMessage = model.requests[1]!.messages.find((message) => message.role === 'tool')!;
    expect(toolMessage.content).toMatch(/\[truncated: 5,242,\d{3} bytes, showing first 65,\d{3}\]$/);
    expect(utf8Bytes(toolMessage.content)).toBeLessThanOrEqual(64 * 1024);
    expect(utf8Bytes(finished[0]!.content)).toBeLessThanOrEqual(64 * 1024);
    const record = steps.flatMap((step) => step.toolCalls).find((call) => call.callId === 'c1')!;
    expect(record.result?.outputBytes).toBeGreaterThan(fiveMegabytes);
    expect(utf8Bytes(JSON.stringify(record.result))).toBeLessThanOrEqual(64 * 1024 + 200);
    await engine.close();
  });

  it('applies a 256 KiB default and refuses a cap below 1 KiB', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: { word: 'big' } }] }, 'Done.']);
    const engine = createEngine(reactSnapshot, { model, configureTools: hugeTool });
    const run = engine.start({ task: 'Fetch the big thing' });
    await run.step();
    await run.step();
    const toolMessage = model.requests[1]!.messages.find((message) => message.role === 'tool')!;
    expect(utf8Bytes(toolMessage.content)).toBeLessThanOrEqual(256 * 1024);
    expect(utf8Bytes(toolMessage.content)).toBeGreaterThan(255 * 1024);
    await engine.close();
    expect(() => createEngine(reactSnapshot, { model, toolOutputMaxBytes: 10 })).toThrow(ValidationError);
  });
});
