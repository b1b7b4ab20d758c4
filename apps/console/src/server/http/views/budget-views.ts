import { budgetPeriods } from '@agentloom/platform';
import { z } from 'zod';

import { viewRegistry } from './view-registry';

const isoDateSchema = z.iso.date();

export const budgetSchema = z
  .object({
    period: z.enum(budgetPeriods),
    maxTokens: z.number().int().nullable().describe('Null: tokens are not limited by this budget.'),
    maxCostUsd: z.number().nullable().describe('Null: cost is not limited by this budget.'),
    onExceeded: z.enum(['fail', 'pause']).describe('What a run does when this budget is spent: fail with `budget-exceeded`, or pause for an operator.'),
    windowStart: isoDateSchema.describe('First day (UTC) of the current window.'),
    usedTokens: z.number().int(),
    usedCostUsd: z.number().describe('Priced calls only: a call of a model without prices adds tokens, never cost.'),
  })
  .register(viewRegistry, { id: 'Budget' });

const agentBudgetsSchema = z
  .object({ agentId: z.string(), agentName: z.string(), daily: budgetSchema.nullable(), monthly: budgetSchema.nullable() })
  .register(viewRegistry, { id: 'AgentBudgets' });

export const budgetsOverviewSchema = z
  .object({
    tenant: z.object({
      daily: budgetSchema.nullable(),
      monthly: budgetSchema.nullable(),
      usage: z.object({ todayTokens: z.number().int(), todayCostUsd: z.number(), monthTokens: z.number().int(), monthCostUsd: z.number() }),
    }),
    agents: z.array(agentBudgetsSchema),
  })
  .register(viewRegistry, { id: 'BudgetsOverview' });
