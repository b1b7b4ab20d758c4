import { z } from 'zod';

import { listRunsInputSchema } from '../runs/run.schema';
import { datasetNameSchema } from './evaluation.schema';

/** Edits what a case is judged against; a field left out stays as it is, `expectedOutput: null` clears it. */
export const updateCaseInputSchema = z
  .object({
    name: datasetNameSchema,
    caseId: z.uuid(),
    expectedOutput: z.string().max(100_000).nullable().optional(),
    labels: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  })
  .refine((input) => input.expectedOutput !== undefined || input.labels !== undefined, { message: 'Nothing to change: give expectedOutput or labels', path: ['expectedOutput'] });
export type UpdateCaseInput = z.input<typeof updateCaseInputSchema>;

export const caseRefInputSchema = z.object({ name: datasetNameSchema, caseId: z.uuid() });

/**
 * The runs list's filters: every finished run they match, newest first, up to `limit` (the filter's
 * own `cursor` and `limit` page the list and are not used here).
 */
export const addMatchingRunsInputSchema = z.object({
  name: datasetNameSchema,
  filter: listRunsInputSchema.default({ limit: 50 }),
  limit: z.number().int().min(1).max(500).default(100),
  expectedOutput: z.string().max(100_000).optional(),
  labels: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
});
export type AddMatchingRunsInput = z.input<typeof addMatchingRunsInputSchema>;
