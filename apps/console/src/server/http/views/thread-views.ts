import { z } from 'zod';

import { runMessageSchema } from './run-views';
import { nextCursorSchema, timestampSchema, viewRegistry } from './view-registry';

export const threadSchema = z
  .object({
    id: z.string(),
    agentId: z.string(),
    endUserId: z.string().nullable(),
    title: z.string(),
    archivedAt: timestampSchema.nullable().describe('Archived threads take no new runs; null while active.'),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'Thread' });

export const threadPageSchema = z.object({ threads: z.array(threadSchema), nextCursor: nextCursorSchema }).register(viewRegistry, { id: 'ThreadPage' });

export const threadMessagePageSchema = z
  .object({ messages: z.array(runMessageSchema), nextCursor: nextCursorSchema })
  .register(viewRegistry, { id: 'ThreadMessagePage' });
