import { z } from 'zod';

const maxTokensSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Dollars with at most six decimals (the columns' precision), below $100 million. */
const maxCostUsdSchema = z
  .number()
  .positive()
  .max(99_999_999)
  .refine((value) => Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6, 'at most six decimals');

export const budgetPolicies = ['fail', 'pause'] as const;
/** What a run does when the budget is spent: fail with `budget-exceeded`, or pause for an operator (ADR 0057). */
const budgetPolicySchema = z.enum(budgetPolicies);

/** A run's own budget, in an agent version's config (`runBudget`); every run of the version gets it. */
export const runBudgetSchema = z
  .object({ maxTokens: maxTokensSchema.optional(), maxCostUsd: maxCostUsdSchema.optional(), onExceeded: budgetPolicySchema.optional() })
  .strict()
  .refine((value) => value.maxTokens !== undefined || value.maxCostUsd !== undefined, { message: 'set maxTokens, maxCostUsd or both', path: ['maxTokens'] });

export const budgetPeriods = ['daily', 'monthly'] as const;
export type BudgetPeriod = (typeof budgetPeriods)[number];

/** Whose budget: the tenant's (no `agentId`) or one of its agents'. */
const budgetTargetSchema = z.object({
  agentId: z.uuid().optional(),
  period: z.enum(budgetPeriods),
});

export const setBudgetInputSchema = budgetTargetSchema
  .extend({ maxTokens: maxTokensSchema.nullable().default(null), maxCostUsd: maxCostUsdSchema.nullable().default(null), onExceeded: budgetPolicySchema.default('fail') })
  .strict()
  .refine((value) => value.maxTokens !== null || value.maxCostUsd !== null, { message: 'set maxTokens, maxCostUsd or both (remove the budget instead)', path: ['maxTokens'] });
export type SetBudgetInput = z.input<typeof setBudgetInputSchema>;

export const removeBudgetInputSchema = budgetTargetSchema;
export type RemoveBudgetInput = z.input<typeof removeBudgetInputSchema>;

/**
 * An operator's resume of a run paused by a budget (ADR 0057). `budget` replaces the run's own request
 * budget (ADR 0052) first: the only way to give room to a run paused by its own budget.
 */
export const resumeBudgetPauseInputSchema = z.object({ runId: z.uuid(), budget: runBudgetSchema.optional() }).strict();
export type ResumeBudgetPauseInput = z.input<typeof resumeBudgetPauseInputSchema>;
