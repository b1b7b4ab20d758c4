import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AssistantMessage } from '../contracts/messages';
import { ScriptedModel } from '../testing/scripted-model';
import { findTooDeepJson, maximumJsonDepth } from '../util/json-depth';
import { createEngine } from './create-engine';
import { normalizeResponse } from './steps/normalize-response';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

/** `{"word":"a","x":[[…]]}` with `levels` nested arrays under `x` (the arguments object is level 1). */
const argumentsJson = (levels: number) => `{"word":"a","x":${'['.repeat(levels)}${']'.repeat(levels)}}`;

/** A tool whose schema takes any JSON under `x`, recursively (`z.json()` recurses as deep as the value). */
function engineWithTool(replyArguments: string) {
  const executed: unknown[] = [];
  const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', argumentsJson: replyArguments }] }, 'Done.']);
  const tool = lookupTool({
    inputSchema: z.object({ word: z.string(), x: z.json() }),
    execute: (args: unknown) => {
      executed.push(args);
      return Promise.resolve({ content: 'ran' });
    },
  });
  return { model, executed, engine: createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(tool) }) };
}

describe('tool arguments nested too deep', () => {
  it('a 10 KB run of brackets is a failed call the model can correct, not a stack overflow that ends the run', async () => {
    const { model, executed, engine } = engineWithTool(argumentsJson(5000));
    const outcome = await engine.execute('Look it up');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Done.' });
    expect(executed).toEqual([]);
    const answer = model.requests[1]!.messages.find((message) => message.role === 'tool')!;
    expect(answer).toMatchObject({ toolCallId: 'c1', isError: true });
    expect(answer.content).toBe(
      `Invalid arguments for tool "lookup": nested deeper than ${maximumJsonDepth} levels (at x${'.0'.repeat(maximumJsonDepth - 1)}).\nSend flatter arguments and call the tool again.`,
    );
    // The transcript keeps the call, cut one level past the limit: nothing stored can overflow a walk.
    const call = outcome.transcript.find((message): message is AssistantMessage => message.role === 'assistant' && message.toolCalls !== undefined)!
      .toolCalls![0]!;
    expect(findTooDeepJson(call.arguments, maximumJsonDepth + 1)).toBeUndefined();
    expect(findTooDeepJson(call.arguments)).toHaveLength(maximumJsonDepth);
    await engine.close();
  });

  it('arguments exactly at the limit still run the tool', async () => {
    // The arguments object is level 1, so `x` holds the other 63.
    const { executed, engine } = engineWithTool(argumentsJson(maximumJsonDepth - 1));
    const outcome = await engine.execute('Look it up');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Done.' });
    expect(executed).toHaveLength(1);
    await engine.close();
  });

  it('one level over the limit is refused', async () => {
    const { executed, model, engine } = engineWithTool(argumentsJson(maximumJsonDepth));
    await engine.execute('Look it up');
    expect(executed).toEqual([]);
    expect(model.requests[1]!.messages.find((message) => message.role === 'tool')).toMatchObject({
      isError: true,
      content: expect.stringContaining('nested deeper than 64 levels') as unknown,
    });
    await engine.close();
  });

  it('normalizeResponse leaves arguments within the limit untouched and cuts deeper ones', () => {
    const reply = (json: string) =>
      normalizeResponse(
        {
          text: '',
          toolCalls: [{ id: 'a', name: 'lookup', argumentsJson: json }],
          usage: { inputTokens: 1, outputTokens: 1 },
          model: 'm',
          finishReason: 'stop',
        },
        new Set(),
      );
    expect(reply(argumentsJson(maximumJsonDepth - 1)).toolCalls![0]!.arguments).toEqual(JSON.parse(argumentsJson(maximumJsonDepth - 1)));
    const cut = reply(argumentsJson(400_000)).toolCalls![0]!.arguments;
    expect(JSON.stringify(cut)).toBe(argumentsJson(maximumJsonDepth));
  });
});
