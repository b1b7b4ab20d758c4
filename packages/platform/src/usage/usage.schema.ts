import { z } from 'zod';

const dayInMilliseconds = 86_400_000;
/** The daily series has one point per day, so the window is bounded to keep responses small. */
export const maximumUsageDays = 366;

const instantSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/**
 * The window is [from, to) on run creation time. Defaults: `to` = now, `from` = 30 days before `to`.
 * A day (`2025-01-31`) means midnight UTC of that day.
 */
export const usageSummaryInputSchema = z
  .object({
    from: instantSchema.optional(),
    to: instantSchema.optional(),
    agentId: z.uuid().optional(),
  })
  .default({})
  .transform((input, context) => {
    const to = input.to ?? new Date();
    const from = input.from ?? new Date(to.getTime() - 30 * dayInMilliseconds);
    if (from >= to) context.addIssue({ code: 'custom', message: 'from must be before to', path: ['from'] });
    if (to.getTime() - from.getTime() > maximumUsageDays * dayInMilliseconds) {
      context.addIssue({ code: 'custom', message: `the window may span at most ${maximumUsageDays} days`, path: ['from'] });
    }
    return { from, to, agentId: input.agentId };
  });
export type UsageSummaryInput = z.input<typeof usageSummaryInputSchema>;
