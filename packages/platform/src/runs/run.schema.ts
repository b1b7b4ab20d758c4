import { z } from 'zod';

import { runBudgetSchema } from '../budgets/budget.schema';
import { databaseIntegerSchema } from '../validation/database-integer.schema';
import { instantSchema, toInstant } from '../validation/instant.schema';

export const runStatuses = ['queued', 'running', 'waiting_human', 'waiting', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof runStatuses)[number];
export const terminalRunStatuses: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled'];

export const createRunInputSchema = z.object({
  agentId: z.uuid(),
  /** Version number to pin; the agent's latest version when omitted. */
  agentVersion: databaseIntegerSchema.positive().optional(),
  threadId: z.uuid().optional(),
  input: z.string().trim().min(1, 'input must not be empty').max(100_000),
  /** Same key + same body → the same run; same key + another body → conflict. */
  idempotencyKey: z.string().min(1).max(200).optional(),
  /**
   * This run's own token and cost budget (ADR 0052), checked at every step boundary and before every
   * model call together with the version's `runBudget`, the agent's and the tenant's budgets.
   */
  budget: runBudgetSchema.optional(),
});
export type CreateRunInput = z.infer<typeof createRunInputSchema>;

export const runIdInputSchema = z.object({ runId: z.uuid() });

/** Presets for "queued within the last …", evaluated against the database clock at query time. */
export const runTimeWindows = ['1h', '24h', '7d', '30d'] as const;
export type RunTimeWindow = (typeof runTimeWindows)[number];

export const listRunsInputSchema = z
  .object({
    status: z.enum(runStatuses).optional(),
    agentId: z.uuid().optional(),
    threadId: z.uuid().optional(),
    agentVersion: databaseIntegerSchema.positive().optional().describe('Only runs on this agent version number (with `agentId`: of that agent).'),
    within: z
      .enum(runTimeWindows)
      .optional()
      .describe('Only runs queued within this long before now (`1h`, `24h`, `7d`, `30d`); not combined with `from`/`to`.'),
    from: instantSchema.optional().describe('Only runs queued at or after this instant (ISO 8601 with offset, or a day meaning midnight UTC).'),
    to: instantSchema.optional().describe('Only runs queued before this instant (exclusive).'),
    search: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('Case-insensitive text found in the run id or in the run’s input (its `text`, else its JSON).'),
    /** Id of the last run of the previous page. */
    cursor: z.uuid().optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .superRefine((input, context) => {
    if (input.within && (input.from || input.to)) {
      context.addIssue({ code: 'custom', path: ['within'], message: 'Use either within or from/to, not both' });
    }
    if (input.from && input.to && toInstant(input.from) >= toInstant(input.to)) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'to must be later than from' });
    }
  });
export type ListRunsInput = z.input<typeof listRunsInputSchema>;
export type ListRunsFilters = z.output<typeof listRunsInputSchema>;
