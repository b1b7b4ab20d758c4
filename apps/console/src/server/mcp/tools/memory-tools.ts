import { z } from 'zod';

import { defineTool } from '../mcp-tool';

export const searchMemoryTool = defineTool({
  name: 'search_memory',
  title: 'Search memory',
  description:
    "Searches the tenant's long-term memory (the same search as POST /api/v1/memories/search), best first with calibrated scores. " +
    'Project-level items are always searched; thread, agent and end-user items when their id is given.',
  role: 'viewer',
  readOnly: true,
  inputSchema: {
    query: z.string().min(1).max(4_000),
    threadId: z.uuid().optional().describe('Also search this thread’s items.'),
    agentId: z.string().min(1).optional().describe('Also search this agent’s items.'),
    userId: z.string().min(1).optional().describe('Also search this end user’s items.'),
    kinds: z.array(z.enum(['episode', 'fact', 'document_chunk', 'procedure'])).optional(),
    mode: z.enum(['hybrid', 'vector', 'full-text']).default('hybrid'),
    limit: z.number().int().min(1).max(50).default(10),
  },
  async run(input, { platform, principal }) {
    const { query, threadId, agentId, userId, ...options } = input;
    const scope = { ...(threadId ? { threadId } : {}), ...(agentId ? { agentId } : {}), ...(userId ? { userId } : {}) };
    return { hits: await platform.memory.search(principal, { text: query, scope, ...options }) };
  },
});
