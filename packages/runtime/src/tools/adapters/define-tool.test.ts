import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool';
import { basicContext } from './test-support/basic-context';

describe('defineTool', () => {
  it('returns a tool with its zod schema and a typed handler', async () => {
    const inputSchema = z.object({ a: z.number(), b: z.number() });
    const tool = defineTool({
      name: 'math.add',
      description: 'Adds two numbers',
      implementationId: 'math/v1/add',
      inputSchema,
      sideEffects: 'none',
      execute: ({ a, b }, context) => {
        context.emit({ kind: 'progress', data: 'adding' });
        return Promise.resolve({ content: String(a + b), data: a + b });
      },
    });
    expect(tool).toMatchObject({ name: 'math.add', implementationId: 'math/v1/add', sideEffects: 'none' });
    expect(tool.inputSchema).toBe(inputSchema);
    const context = basicContext();
    await expect(tool.execute({ a: 2, b: 3 }, context)).resolves.toEqual({ content: '5', data: 5 });
    expect(context.observations).toEqual([{ kind: 'progress', data: 'adding' }]);
  });
});
