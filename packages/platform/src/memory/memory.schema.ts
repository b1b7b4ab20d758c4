import { z } from 'zod';

import { storableDateSchema } from '../validation/storable-date.schema';

export const memoryKinds = ['episode', 'fact', 'document_chunk', 'procedure'] as const;
export const memoryLevels = ['thread', 'agent', 'project', 'user'] as const;

/** Who may see the search: the tenant-wide level always, plus each level named here. */
const searchScopeSchema = z.object({ agentId: z.string().min(1).optional(), threadId: z.uuid().optional(), userId: z.string().min(1).optional() }).default({});

export const searchMemoryInputSchema = z.object({
  text: z.string().min(1).max(4_000),
  scope: searchScopeSchema,
  kinds: z.array(z.enum(memoryKinds)).optional(),
  limit: z.number().int().min(1).max(50).default(10),
  mode: z.enum(['hybrid', 'vector', 'full-text']).default('hybrid'),
  /** Only items that happened at or after this time (occurredAt, else when stored). */
  occurredAfter: storableDateSchema.optional(),
  /** Only items that happened before this time. */
  occurredBefore: storableDateSchema.optional(),
  /** The reference date for time expressions in `text` ("last week") and recency; default now. */
  now: storableDateSchema.optional(),
});

export const storeMemoryInputSchema = z.object({
  /** The level the item belongs to; `id` is the thread, agent or end-user id (none for `project`). */
  scope: z.object({ level: z.enum(memoryLevels), id: z.string().min(1).optional() }),
  kind: z.enum(memoryKinds),
  content: z.string().min(1).max(20_000),
  key: z.string().min(1).max(200).optional(),
  metadata: z.record(z.string(), z.json()).optional(),
  pinned: z.boolean().default(false),
  expiresAt: storableDateSchema.optional(),
  /** When what the item records happened (default: when it is stored). */
  occurredAt: storableDateSchema.optional(),
});

export const memoryItemIdInputSchema = z.object({ memoryItemId: z.uuid() });

/** Forget; `restorePrevious` makes the value a keyed item replaced live again instead of forgetting it too. */
export const forgetMemoryInputSchema = memoryItemIdInputSchema.extend({ restorePrevious: z.boolean().default(false) });

export const listMemoryInputSchema = z.object({
  level: z.enum(memoryLevels).optional(),
  scopeId: z.string().min(1).optional(),
  kind: z.enum(memoryKinds).optional(),
  includeSuperseded: z.boolean().default(false),
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const memoryInjectionsInputSchema = z.object({
  memoryItemId: z.uuid(),
  /** Id of the last injection of the previous page. */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const runMemoryHitsInputSchema = z.object({
  runId: z.uuid(),
  /** The memory ids the caller's messages carried (a page of messages names a few). */
  memoryItemIds: z.array(z.uuid()).max(500),
});
