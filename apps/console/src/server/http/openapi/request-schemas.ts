import { listMemoryInputSchema, renameThreadInputSchema, searchMemoryInputSchema } from '@agentloom/platform';
import { z } from 'zod';

/**
 * Request shapes that exist only in REST, each built from the platform's own input schemas so the
 * limits (lengths, enums, uuids) stay the ones the services enforce.
 */

/** `PATCH /threads/{id}`: rename, archive, or both; archiving is one-way. */
export const updateThreadRequestSchema = renameThreadInputSchema
  .omit({ threadId: true })
  .partial()
  .extend({ archived: z.literal(true).optional().describe('true archives the thread (no new runs); there is no un-archive.') })
  .refine((body) => body.title !== undefined || body.archived !== undefined, { message: 'Send title and/or archived: true' });

/** `POST /erase`: which unit to erase; for `tenant`, `id` is your own tenant id, repeated to confirm. */
export const eraseRequestSchema = z.object({
  target: z.enum(['run', 'thread', 'tenant']),
  id: z.uuid(),
});

const searchScopeShape = searchMemoryInputSchema.shape.scope.unwrap().shape;

/**
 * `GET /memories`: lists by level/kind with a cursor; with `q` it searches instead (hybrid by
 * default) within the tenant-wide level plus the agent, thread or user named, and returns scores.
 */
export const listMemoriesQuerySchema = listMemoryInputSchema.extend({
  q: searchMemoryInputSchema.shape.text.optional().describe('Search text; switches the response to `{ hits: [{ item, score }] }`.'),
  agentId: searchScopeShape.agentId,
  threadId: searchScopeShape.threadId,
  userId: searchScopeShape.userId,
  mode: searchMemoryInputSchema.shape.mode,
});
