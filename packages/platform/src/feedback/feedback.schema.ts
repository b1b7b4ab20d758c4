import { z } from 'zod';

import { databaseIntegerSchema } from '../validation/database-integer.schema';

/** An outcome label: short, machine-friendly (`resolved`, `wrong-answer`, `escalated`). */
export const feedbackLabelSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._:-]*$/, 'letters, digits, dots, colons, dashes and underscores, starting with a letter or digit');

/** A reward: any finite number in ±1e6 (a thumbs-up is 1, a 1–5 rating is 1…5; aggregates are means). */
export const feedbackRewardSchema = z.number().finite().min(-1_000_000).max(1_000_000);

export const recordFeedbackInputSchema = z
  .object({
    runId: z.uuid(),
    /** The step the feedback is about; absent: the whole run. */
    stepIndex: databaseIntegerSchema.nonnegative().optional(),
    label: feedbackLabelSchema.optional(),
    reward: feedbackRewardSchema.optional(),
    /** Why (free text). Erased with the run. */
    comment: z.string().max(4_000).default(''),
  })
  .refine((input) => input.label !== undefined || input.reward !== undefined, { message: 'give a label, a reward, or both', path: ['label'] });
export type RecordFeedbackInput = z.input<typeof recordFeedbackInputSchema>;

export const runFeedbackInputSchema = z.object({ runId: z.uuid() });

export const feedbackAggregateInputSchema = z.object({
  agentId: z.uuid(),
  /** Scorer-written feedback (on replay runs) counts too when true; default: people and API clients only. */
  includeScorers: z.boolean().default(false),
});
