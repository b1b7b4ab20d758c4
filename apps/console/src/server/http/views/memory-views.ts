import { memoryKinds, memoryLevels } from '@agentloom/platform';
import { z } from 'zod';

import { jsonValueSchema, nextCursorSchema, timestampSchema, viewRegistry } from './view-registry';

/** A stored memory item (`MemoryItemView`). */
export const memoryItemSchema = z
  .object({
    id: z.string(),
    level: z.enum(memoryLevels),
    scopeId: z.string(),
    kind: z.enum(memoryKinds),
    key: z.string().nullable(),
    content: z.string(),
    metadata: jsonValueSchema,
    threadId: z.string().nullable(),
    sourceRunId: z.string().nullable(),
    pinned: z.boolean(),
    expiresAt: timestampSchema.nullable(),
    supersededById: z.string().nullable(),
    lastUsedAt: timestampSchema.nullable(),
    embedderId: z.string().nullable(),
    embeddingDimension: z.number().int().nullable(),
    createdAt: timestampSchema,
    occurredAt: timestampSchema.nullable().describe('When what it records happened; null when stored without one (createdAt stands in).'),
  })
  .register(viewRegistry, { id: 'MemoryItem' });

export const memoryItemPageSchema = z
  .object({ items: z.array(memoryItemSchema), nextCursor: nextCursorSchema })
  .register(viewRegistry, { id: 'MemoryItemPage' });

const scoreNumber = z.number().nullable();

/** One search hit: the item as the runtime sees it (`document` for stored `document_chunk`) and its score. */
export const memoryHitSchema = z
  .object({
    score: z.number().describe('Higher is better; comparable only within one search.'),
    parts: z
      .object({
        similarity: scoreNumber.describe('Raw cosine similarity of query and item; null when no vector list was searched.'),
        lexical: scoreNumber.describe('BM25 share of the query’s term weight, 0…1; null when no lexical list was searched.'),
        relevance: z.number().describe('Calibrated blend of the two lists, 0…1: what orders the hits and what the search’s minimum compares.'),
        evidence: z
          .number()
          .optional()
          .describe('The better list’s calibrated score, 0…1, scaled like relevance by unknown names: what abstention and injection thresholds compare (ADR 0061).'),
        pinned: z.number(),
        recency: z.number(),
        time: z.number(),
        unknownNames: z
          .array(z.string())
          .optional()
          .describe('Names the query uses that no memory the caller may see holds; present only when there are some, and then relevance and evidence are scaled down (ADR 0054).'),
        threadSimilarity: z
          .number()
          .optional()
          .describe('Cosine similarity of the query and the mean vector of the item’s thread; present only when the item came from a thread and vectors were compared, and then mixed into the semantic side of relevance (ADR 0065). Evidence stays on the item’s own similarity.'),
      })
      .optional()
      .describe('Why the hit scored what it did.'),
    item: z.object({
      id: z.string(),
      kind: z.enum(['fact', 'episode', 'document', 'procedure']),
      content: z.string(),
      key: z.string().optional(),
      scope: z.object({ tenantId: z.string(), agentId: z.string().optional(), threadId: z.string().optional(), userId: z.string().optional() }),
      metadata: z.record(z.string(), jsonValueSchema).optional(),
      createdAt: timestampSchema,
      occurredAt: timestampSchema.optional(),
    }),
  })
  .register(viewRegistry, { id: 'MemoryHit' });

export const memorySearchResultSchema = z.object({ hits: z.array(memoryHitSchema) }).register(viewRegistry, { id: 'MemorySearchResult' });

export const forgetResultSchema = z
  .object({
    forgotten: z.boolean(),
    restoredId: z.string().nullable().describe('The item made live again (`restorePrevious`), if any.'),
    historyForgotten: z.number().int().describe("Older items of the key's history forgotten with it."),
    derivedForgotten: z
      .number()
      .int()
      .describe('Items written from it, forgotten with it: later values an update made from it or that quote it, and what runs that read it wrote (episodes, turns, facts).'),
  })
  .register(viewRegistry, { id: 'ForgetResult' });

export const memoryDecisionSchema = z
  .object({
    id: z.string(),
    runId: z.string(),
    event: z.enum(['add', 'update', 'delete', 'none']),
    key: z.string().nullable(),
    memoryItemId: z.string().nullable(),
    previousItemId: z.string().nullable(),
    newContent: z.string().nullable().describe("The item's text now; null once forgotten or erased."),
    oldContent: z.string().nullable(),
    reason: z.string(),
    undoneAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    undoable: z.boolean().describe('Whether undo can reverse it now.'),
  })
  .register(viewRegistry, { id: 'MemoryDecision' });

export const memoryDecisionPageSchema = z
  .object({ decisions: z.array(memoryDecisionSchema), nextCursor: nextCursorSchema })
  .register(viewRegistry, { id: 'MemoryDecisionPage' });

/** `GET /memories` answers a page without `q` and hits with it. */
export const memoryListOrSearchSchema = z
  .union([memoryItemPageSchema, memorySearchResultSchema])
  .register(viewRegistry, { id: 'MemoryListOrSearchResult' });
