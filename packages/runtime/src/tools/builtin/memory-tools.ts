import { z } from 'zod';
import type { Tool } from '../../contracts/tool';
import type { ToolContext } from '../../contracts/tool-context';

const searchArguments = z.object({
  query: z.string().min(1),
  limit: z.number().int().min(1).max(20).optional(),
});

const storeArguments = z.object({
  content: z.string().min(1).max(4000),
  kind: z.enum(['fact', 'procedure']).default('fact'),
  key: z.string().max(200).optional().describe('Storing again with the same key replaces the earlier memory'),
});

export const memorySearchTool: Omit<Tool<z.infer<typeof searchArguments>, ToolContext>, 'implementationId'> = {
  name: 'memory_search',
  description: 'Search long-term memory for facts and procedures relevant to a query.',
  inputSchema: searchArguments,
  sideEffects: 'none',
  async execute(args, context) {
    const hits = await context.memory.search({ text: args.query, limit: args.limit ?? 5 });
    if (hits.length === 0) return { content: 'No memories found.' };
    const lines = hits.map((hit) => `[${hit.item.id}] (${hit.score.toFixed(2)}) ${hit.item.content}`);
    return { content: lines.join('\n'), data: hits.map((hit) => ({ id: hit.item.id, score: hit.score })) };
  },
};

export const memoryStoreTool: Omit<Tool<z.infer<typeof storeArguments>, ToolContext>, 'implementationId'> = {
  name: 'memory_store',
  description: 'Store a fact or procedure in long-term memory for later runs.',
  inputSchema: storeArguments,
  sideEffects: 'idempotent',
  async execute(args, context) {
    const { id } = await context.memory.store({ content: args.content, kind: args.kind, ...(args.key ? { key: args.key } : {}) });
    return { content: `Stored memory ${id}.`, data: { id } };
  },
};
