import { z } from 'zod';

import { databaseIntegerSchema } from '../validation/database-integer.schema';

const messageTextSchema = z.string().trim().min(1, 'must not be empty').max(100_000);

export const forkRunInputSchema = z.object({
  runId: z.uuid(),
  /** The source run's step whose checkpoint the fork starts from; the fork's own steps continue after it. */
  stepIndex: databaseIntegerSchema.positive(),
  /** Version number of the same agent to continue on; the source run's version when omitted. */
  agentVersion: databaseIntegerSchema.positive().optional(),
  /** Replacements for user messages of the copied transcript, by their index in it (the task is index 1). */
  messages: z
    .array(z.object({ index: databaseIntegerSchema.nonnegative(), content: messageTextSchema }))
    .max(100)
    .optional(),
  /** A new user message, added after the copied transcript and seen by the fork's first model call. */
  appendMessage: messageTextSchema.optional(),
  /** The checkpoint state to start from instead of the stored one (as `GET …/checkpoints` shows it); validated. */
  state: z.record(z.string(), z.json()).optional(),
});
export type ForkRunInput = z.input<typeof forkRunInputSchema>;
