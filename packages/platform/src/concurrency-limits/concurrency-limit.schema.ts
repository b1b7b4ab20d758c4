import { z } from 'zod';

/**
 * The most runs of a tenant or one agent running at once, enforced by every executor's claim (ADR
 * 0049). 100,000 is far above any fleet's slots: a larger number is a typo, not a limit.
 */
export const maxRunningRunsLimit = 100_000;

/** Sets or clears (null) the limit of the tenant (no `agentId`) or one of its agents. */
export const setConcurrencyLimitInputSchema = z
  .object({
    agentId: z.uuid().optional(),
    maxRunningRuns: z.number().int().min(1).max(maxRunningRunsLimit).nullable(),
  })
  .strict();
export type SetConcurrencyLimitInput = z.input<typeof setConcurrencyLimitInputSchema>;
