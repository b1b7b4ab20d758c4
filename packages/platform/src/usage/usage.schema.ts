import { z } from 'zod';

import { instantSchema } from '../validation/instant.schema';

/** The daily series has one point per day, so the window is bounded to keep responses small. */
export const maximumUsageDays = 366;

/**
 * The window is [from, to) on run creation time. Defaults: `to` = now, `from` = 30 days before `to`.
 * A day (`2026-01-31`) means midnight UTC of that day.
 */
export const usageSummaryInputSchema = z
  .object({
    from: instantSchema.optional(),
    to: instantSchema.optional(),
    agentId: z.uuid().optional(),
  })
  .default({});
export type UsageSummaryInput = z.input<typeof usageSummaryInputSchema>;
