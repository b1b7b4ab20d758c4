import { listMemoryDecisionsInputSchema, searchMemoryInputSchema, storeMemoryInputSchema } from '@agentloom/platform';
import { z } from 'zod';

import type { ApiOperation } from '../api-operation';
import { forgetResultSchema, memoryDecisionPageSchema, memoryDecisionSchema, memoryItemSchema, memoryListOrSearchSchema, memorySearchResultSchema } from '../../views/memory-views';
import { listMemoriesQuerySchema } from '../request-schemas';

const memoryId = { id: 'The memory item id (uuid).' };

/** Long-term memory: list, search, store, pin, forget. */
export const memoriesOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/memories',
    operationId: 'listMemories',
    tag: 'Memories',
    summary: 'List memory items, or search them with `q`',
    description:
      'Without `q`: items newest first, filtered by `level`, `scopeId`, `kind` → `{ items, nextCursor }`. With `q`: hybrid search (vector + full text, `mode` to pick one) over the tenant-wide level plus the `agentId`/`threadId`/`userId` named → `{ hits: [{ item, score }] }`. 409 `vector-search-unavailable` for `mode=vector` on a database without pgvector.',
    role: 'viewer',
    query: listMemoriesQuerySchema,
    success: { status: 200, schema: memoryListOrSearchSchema, description: '`{ items, nextCursor }`, or `{ hits }` with `q`.' },
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/v1/memories',
    operationId: 'storeMemory',
    tag: 'Memories',
    summary: 'Store a memory item',
    description: 'A fact with an existing `key` in the same scope supersedes the old one (kept, marked, no longer searched).',
    role: 'operator',
    body: storeMemoryInputSchema,
    success: { status: 201, schema: memoryItemSchema, description: 'The stored item.' },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/memories/search',
    operationId: 'searchMemories',
    tag: 'Memories',
    summary: 'Search memory',
    description: '409 `vector-search-unavailable` for `mode: "vector"` on a database without pgvector (hybrid and full-text work there).',
    role: 'viewer',
    body: searchMemoryInputSchema,
    success: { status: 200, schema: memorySearchResultSchema, description: '`{ hits: [{ item, score }] }`, best first; scores compare only within one search.' },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/v1/memories/{id}',
    operationId: 'getMemory',
    tag: 'Memories',
    summary: 'Read one memory item',
    role: 'viewer',
    pathParameters: memoryId,
    success: { status: 200, schema: memoryItemSchema, description: 'The item.' },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/memories/{id}',
    operationId: 'forgetMemory',
    tag: 'Memories',
    summary: 'Forget a memory item',
    description:
      'Hard delete: the item, its vector and its injection records. Forgetting the live item of a key forgets the values it replaced too; `?restorePrevious=true` makes the previous value live again instead.',
    role: 'operator',
    pathParameters: memoryId,
    query: z.object({ restorePrevious: z.boolean().optional().describe('Make the value this item replaced live again (default false: it is forgotten too)') }),
    success: { status: 200, schema: forgetResultSchema, description: '`{ forgotten: true, restoredId, historyForgotten, derivedForgotten }`.' },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/memories/{id}/pin',
    operationId: 'pinMemory',
    tag: 'Memories',
    summary: 'Pin a memory item (search boosts it)',
    role: 'operator',
    pathParameters: memoryId,
    success: { status: 200, schema: memoryItemSchema, description: 'The item with `pinned: true`.' },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/memories/{id}/pin',
    operationId: 'unpinMemory',
    tag: 'Memories',
    summary: 'Unpin a memory item',
    role: 'operator',
    pathParameters: memoryId,
    success: { status: 200, schema: memoryItemSchema, description: 'The item with `pinned: false`.' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/memory-decisions',
    operationId: 'listMemoryDecisions',
    tag: 'Memories',
    summary: 'List post-run extraction decisions',
    description:
      "What fact extraction decided after runs (`add`, `update`, `delete`, `none`), newest first, by `runId` or about one `memoryItemId` → `{ decisions, nextCursor }`. Old and new text are the items' current text (null once forgotten); `undoable` says whether undo works now.",
    role: 'viewer',
    query: listMemoryDecisionsInputSchema,
    success: { status: 200, schema: memoryDecisionPageSchema, description: '`{ decisions, nextCursor }`.' },
  },
  {
    method: 'post',
    path: '/api/v1/memory-decisions/{id}/undo',
    operationId: 'undoMemoryDecision',
    tag: 'Memories',
    summary: 'Undo an extraction decision',
    description:
      "An update's previous item is live again, an added item is forgotten, a deleted item is back. 409 when already undone or overtaken by a later change.",
    role: 'operator',
    pathParameters: { id: 'The decision id (uuid).' },
    success: { status: 200, schema: memoryDecisionSchema, description: 'The decision, with `undoneAt` set.' },
    errors: [404, 409],
  },
];
