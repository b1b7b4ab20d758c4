import { z } from 'zod';

export const listRunStepsInputSchema = z.object({
  runId: z.uuid(),
  /** Index of the last step of the previous page; omitted starts at the first step. */
  cursor: z.number().int().min(-1).optional(),
  /** Large pages on purpose: a timeline of 10,000 steps loads in a handful of requests. */
  limit: z.number().int().min(1).max(2_000).default(500),
});
export type ListRunStepsInput = z.input<typeof listRunStepsInputSchema>;

export const listToolCallsInputSchema = z.object({
  runId: z.uuid(),
  /** Id of the last tool call of the previous page (ids are time-ordered uuid v7). */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(500).default(100),
});
export type ListToolCallsInput = z.input<typeof listToolCallsInputSchema>;

export const listCheckpointsInputSchema = z.object({
  runId: z.uuid(),
  /** Seq of the last checkpoint of the previous page. */
  cursor: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListCheckpointsInput = z.input<typeof listCheckpointsInputSchema>;

export const getCheckpointInputSchema = z.object({
  runId: z.uuid(),
  seq: z.number().int().min(0),
});
export type GetCheckpointInput = z.input<typeof getCheckpointInputSchema>;
