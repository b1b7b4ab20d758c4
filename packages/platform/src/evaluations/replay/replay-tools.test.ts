import { defineTool, type AnyTool, type ToolContext } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { RecordedToolResults, replayTools } from './replay-tools';

function countingTool(name: string, sideEffects: AnyTool['sideEffects'], executions: unknown[]): AnyTool {
  return defineTool({
    name,
    description: name,
    implementationId: `test/v1/${name}`,
    inputSchema: z.object({ id: z.string(), extra: z.string().optional() }),
    sideEffects,
    execute: (args) => {
      executions.push(args);
      return Promise.resolve({ content: `live ${args.id}` });
    },
  });
}

const context = {} as ToolContext;

describe('replay tool backend', () => {
  it('serves recorded results per tool name + canonical arguments, in call order, and keeps the tool’s identity', async () => {
    const executions: unknown[] = [];
    const recorded = new RecordedToolResults([
      { name: 'read', arguments: { id: 'a', extra: 'x' }, content: 'first', isError: false },
      { name: 'read', arguments: { extra: 'x', id: 'a' }, content: 'second', isError: false },
    ]);
    const [tool] = replayTools([countingTool('read', 'none', executions)], recorded, 'fail');
    expect(tool).toMatchObject({ name: 'read', sideEffects: 'none', implementationId: 'test/v1/read' });
    expect((await tool!.execute({ extra: 'x', id: 'a' }, context)).content).toBe('first');
    expect((await tool!.execute({ id: 'a', extra: 'x' }, context)).content).toBe('second');
    expect(executions).toEqual([]);
  });

  it('skips what earlier attempts already served', async () => {
    const recorded = new RecordedToolResults(
      [
        { name: 'read', arguments: { id: 'a' }, content: 'first', isError: false },
        { name: 'read', arguments: { id: 'a' }, content: 'second', isError: false },
      ],
      new Map([['read {"id":"a"}', 1]]),
    );
    const [tool] = replayTools([countingTool('read', 'none', [])], recorded, 'fail');
    expect((await tool!.execute({ id: 'a' }, context)).content).toBe('second');
  });

  it.each(['fail', 'live-if-no-side-effects'] as const)('never executes an unmatched unsafe or idempotent call (policy %s)', async (policy) => {
    const executions: unknown[] = [];
    const tools = replayTools([countingTool('pay', 'unsafe', executions), countingTool('upsert', 'idempotent', executions)], new RecordedToolResults([]), policy);
    for (const tool of tools) {
      const result = await tool.execute({ id: 'z' }, context);
      expect(result).toMatchObject({ isError: true, data: { replay: 'unmatched' } });
    }
    expect(executions).toEqual([]);
  });

  it('runs an unmatched call live only under live-if-no-side-effects and only for a tool without side effects', async () => {
    const executions: unknown[] = [];
    const [strict] = replayTools([countingTool('read', 'none', executions)], new RecordedToolResults([]), 'fail');
    expect(await strict!.execute({ id: 'z' }, context)).toMatchObject({ isError: true, data: { replay: 'unmatched' } });
    const [lenient] = replayTools([countingTool('read', 'none', executions)], new RecordedToolResults([]), 'live-if-no-side-effects');
    expect(await lenient!.execute({ id: 'z' }, context)).toMatchObject({ content: 'live z', data: { replay: 'live' } });
    expect(executions).toEqual([{ id: 'z' }]);
  });
});
