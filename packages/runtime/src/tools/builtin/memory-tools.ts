import { z } from 'zod';
import type { MemoryHit } from '../../contracts/stores';
import type { Tool } from '../../contracts/tool';
import type { ToolContext } from '../../contracts/tool-context';

const searchArguments = z.object({
  query: z.string().min(1),
  limit: z.number().int().min(1).max(20).optional(),
});

const storeArguments = z.object({
  content: z.string().min(1).max(4000),
  kind: z.enum(['fact', 'procedure']).default('fact'),
  key: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Stable name of the fact (e.g. user.preferred_language). Storing again with an existing key replaces that memory: reuse the keys memory_search shows.',
    ),
});

/** How many existing keyed memories memory_store reports back, so the model can reuse a key. */
const nearestKeyedShown = 3;

export const memorySearchTool: Omit<Tool<z.infer<typeof searchArguments>, ToolContext>, 'implementationId'> = {
  name: 'memory_search',
  description:
    'Search long-term memory for facts and procedures relevant to a query. Each line shows the memory id, its key (store with the same key to update it), when it happened, and the score.',
  inputSchema: searchArguments,
  sideEffects: 'none',
  async execute(args, context) {
    const hits = await context.memory.search({ text: args.query, limit: args.limit ?? 5 });
    if (hits.length === 0) return { content: 'No memories found.' };
    return {
      content: hits.map(describeHit).join('\n'),
      data: hits.map((hit) => ({ id: hit.item.id, key: hit.item.key ?? null, occurredAt: occurredAtOf(hit), score: hit.score })),
    };
  },
};

export const memoryStoreTool: Omit<Tool<z.infer<typeof storeArguments>, ToolContext>, 'implementationId'> = {
  name: 'memory_store',
  description:
    'Store a fact or procedure in long-term memory for later runs. The reply lists the nearest existing keyed memories: if one is about the same thing, store again with its key to replace it.',
  inputSchema: storeArguments,
  sideEffects: 'idempotent',
  async execute(args, context) {
    const { id } = await context.memory.store({ content: args.content, kind: args.kind, ...(args.key ? { key: args.key } : {}) });
    // After the store: an item it superseded is no longer live, so it is not offered as "nearest".
    const neighbours = await context.memory.search({ text: args.content, limit: nearestKeyedShown * 3 });
    const nearestKeyed = neighbours.filter((hit) => hit.item.id !== id && hit.item.key !== undefined).slice(0, nearestKeyedShown);
    const lines = [`Stored memory ${id}${args.key ? ` with key ${args.key}` : ' (no key)'}.`];
    if (nearestKeyed.length > 0) {
      lines.push('Nearest existing keyed memories (store again with the same key to update one of them):');
      lines.push(...nearestKeyed.map(describeHit));
    }
    return {
      content: lines.join('\n'),
      data: { id, nearestKeyed: nearestKeyed.map((hit) => ({ id: hit.item.id, key: hit.item.key ?? null, score: hit.score })) },
    };
  },
};

/** `[id] key=… occurred=YYYY-MM-DD score=0.42: content` — everything the model needs to cite or update it. */
function describeHit(hit: MemoryHit): string {
  const key = hit.item.key !== undefined ? ` key=${hit.item.key}` : '';
  return `[${hit.item.id}]${key} occurred=${occurredAtOf(hit).slice(0, 10)} score=${hit.score.toFixed(2)}: ${hit.item.content}`;
}

function occurredAtOf(hit: MemoryHit): string {
  return hit.item.occurredAt ?? hit.item.createdAt;
}
