import { z } from 'zod';

import { databaseIntegerSchema } from '../validation/database-integer.schema';

export const retryRunInputSchema = z.object({ runId: z.uuid() });
export type RetryRunInput = z.input<typeof retryRunInputSchema>;

export const rerunRunInputSchema = z.object({
  runId: z.uuid(),
  /** Version number of the same agent to run the input on; the origin run's version when omitted. */
  agentVersion: databaseIntegerSchema.positive().optional(),
});
export type RerunRunInput = z.input<typeof rerunRunInputSchema>;
