import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolMessage } from '../contracts/messages';
import { ScriptedModel } from '../testing/scripted-model';
import { findTooDeepJson, maximumJsonDepth } from '../util/json-depth';
import { boundToolOutput } from '../tools/bound-tool-output';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

/** `{ x: [[…]] }` with `levels` nested arrays, built without recursion (what JSON.parse makes of a remote reply). */
function nested(levels: number): { x: unknown } {
  return JSON.parse(`{"x":${'['.repeat(levels)}${']'.repeat(levels)}}`) as { x: unknown };
}

/**
 * A tool's structured data comes from outside (an MCP server's `structuredContent`, a parsed reply).
 * Nested 5,000 deep, it overflowed the stack of the first recursive walk (JSON.stringify bounding the
 * output, the transcript's freeze) and the run failed as `unexpected`. The data is now kept cut at the
 * JSON depth limit, and the call's text content as it was.
 */
describe('a tool result whose data is nested too deep', () => {
  it('is kept cut at the depth limit; the run goes on', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', argumentsJson: '{"word":"a"}' }] }, 'Done.']);
    const tool = lookupTool({ inputSchema: z.object({ word: z.string() }), execute: () => Promise.resolve({ content: 'deep data', data: nested(5000) }) });
    const engine = createEngine(reactSnapshot, { model, configureTools: (registry) => registry.register(tool) });
    const outcome = await engine.execute('Look it up');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Done.' });
    const answer = outcome.transcript.find((message): message is ToolMessage => message.role === 'tool')!;
    expect(answer.content).toContain('deep data');
    await engine.close();
  });

  it('bounding the output cuts the data at the limit, and keeps data within it as it is', () => {
    const deep = boundToolOutput({ content: 'deep data', data: nested(5000) }, 1_000_000);
    expect(deep.content).toBe('deep data');
    expect(findTooDeepJson(deep.data)).toBeUndefined();
    expect(findTooDeepJson(deep.data, maximumJsonDepth - 1)).toBeDefined();
    const data = nested(maximumJsonDepth - 1);
    expect(boundToolOutput({ content: 'ok', data }, 1_000_000).data).toBe(data);
  });
});
