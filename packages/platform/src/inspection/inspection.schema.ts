import { z } from 'zod';

import { databaseIntegerSchema } from '../validation/database-integer.schema';

export const listRunStepsInputSchema = z.object({
  runId: z.uuid(),
  /** Index of the last step of the previous page; omitted starts at the first step. */
  cursor: databaseIntegerSchema.min(-1).optional(),
  /** Large pages on purpose: a timeline of 10,000 steps loads in a handful of requests. */
  limit: z.number().int().min(1).max(2_000).default(500),
});
export type ListRunStepsInput = z.input<typeof listRunStepsInputSchema>;

export const listToolCallsInputSchema = z.object({
  runId: z.uuid(),
  /** Id of the last tool call of the previous page (ids are time-ordered uuid v7). */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(500).default(100),
  /** Only calls of this tool (exact name). */
  name: z.string().trim().min(1).max(200).optional(),
  /** Only calls in one of these ledger states. */
  statuses: z.array(z.enum(['proposed', 'awaiting_approval', 'approved', 'rejected', 'expired', 'running', 'succeeded', 'failed', 'outcome_unknown', 'abandoned'])).min(1).optional(),
});
export type ListToolCallsInput = z.input<typeof listToolCallsInputSchema>;

export const listCheckpointsInputSchema = z.object({
  runId: z.uuid(),
  /** Seq of the last checkpoint of the previous page. */
  cursor: databaseIntegerSchema.min(0).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListCheckpointsInput = z.input<typeof listCheckpointsInputSchema>;

export const getCheckpointInputSchema = z.object({
  runId: z.uuid(),
  seq: databaseIntegerSchema.min(0),
});
export type GetCheckpointInput = z.input<typeof getCheckpointInputSchema>;

/** Step kinds the engine writes (`steps.kind`). */
export const stepKinds = ['model_call', 'tool_call', 'compaction', 'verification', 'approval_wait', 'routing', 'memory_injection'] as const;

export const findRunStepsInputSchema = z.object({
  runId: z.uuid(),
  kind: z.enum(stepKinds).optional(),
  /** Steps that called this tool (exact name). */
  toolName: z.string().trim().min(1).max(200).optional(),
  /** Only steps with a failed, unknown-outcome or abandoned tool call, or an interrupted step. */
  errors: z.boolean().optional(),
  /** Only steps whose tool calls asked for approval; `any` whatever the decision. */
  approval: z.enum(['any', 'pending', 'approved', 'rejected', 'expired']).optional(),
});
export type FindRunStepsInput = z.input<typeof findRunStepsInputSchema>;

export const searchRunInputSchema = z.object({
  runId: z.uuid(),
  /** Case-insensitive text; `%` and `_` match themselves. */
  query: z.string().trim().min(2, 'query needs at least 2 characters').max(200),
  /** Where to look; all three by default. */
  sources: z.array(z.enum(['message', 'tool-call', 'event'])).min(1).default(['message', 'tool-call', 'event']),
  /** Hits per source, in run order. */
  limit: z.number().int().min(1).max(200).default(50),
});
export type SearchRunInput = z.input<typeof searchRunInputSchema>;

export const getRunStepInputSchema = z
  .object({
    runId: z.uuid(),
    /** The step's index (`?step=N`). */
    step: databaseIntegerSchema.min(0).optional(),
    /** A tool call's ledger id or the model's call id (`?call=ID`): opens the step that made it. */
    call: z.string().trim().min(1).max(300).optional(),
    /** Messages of the model request to include, newest first (the rest is counted, not sent). */
    requestMessages: z.number().int().min(0).max(200).default(20),
  })
  .refine((input) => (input.step === undefined) !== (input.call === undefined), { message: 'Give either step or call', path: ['step'] });
export type GetRunStepInput = z.input<typeof getRunStepInputSchema>;
