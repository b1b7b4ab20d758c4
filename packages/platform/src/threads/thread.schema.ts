import { z } from 'zod';

export const createThreadInputSchema = z.object({
  agentId: z.uuid(),
  /** The application's end user the conversation belongs to (free-form id). */
  endUserId: z.string().min(1).max(200).optional(),
  title: z.string().max(200).default(''),
});

export const listThreadsInputSchema = z.object({
  agentId: z.uuid().optional(),
  endUserId: z.string().min(1).max(200).optional(),
  includeArchived: z.boolean().default(false),
  /** Id of the last thread of the previous page. */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const threadIdInputSchema = z.object({ threadId: z.uuid() });

export const renameThreadInputSchema = z.object({ threadId: z.uuid(), title: z.string().max(200) });

export const threadMessagesInputSchema = z.object({
  threadId: z.uuid(),
  /** Id of the last message of the previous page. */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(500).default(100),
});

export type CreateThreadInput = z.input<typeof createThreadInputSchema>;
export type ListThreadsInput = z.input<typeof listThreadsInputSchema>;
