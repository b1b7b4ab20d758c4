import { removeBudgetInputSchema, setBudgetInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { budgetsOverviewSchema } from '../../views/budget-views';

const tag = 'Usage and audit';

/** Token and cost budgets of the tenant and its agents (ADR 0045). */
export const budgetsOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/budgets',
    operationId: 'getBudgets',
    tag,
    summary: "The tenant's and its agents' budgets with usage against each",
    description: 'Windows are the current UTC day and month; usage is counted as runs commit their steps.',
    role: 'viewer',
    success: { status: 200, schema: budgetsOverviewSchema, description: '`{ tenant: { daily, monthly, usage }, agents: [{ agentId, agentName, daily, monthly }] }`.' },
  },
  {
    method: 'post',
    path: '/api/v1/budgets',
    operationId: 'setBudget',
    tag,
    summary: 'Set a token and/or cost budget of the tenant or one agent',
    description:
      'Without `agentId` the budget is the tenant’s own. A run that finds a budget spent (at a step boundary or before a model call) ends `failed` with error kind `budget-exceeded`. Audit-logged.',
    role: 'admin',
    body: setBudgetInputSchema,
    success: { status: 200, schema: budgetsOverviewSchema, description: 'The budgets after the change.' },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/budgets',
    operationId: 'removeBudget',
    tag,
    summary: 'Remove a budget of the tenant or one agent',
    role: 'admin',
    query: removeBudgetInputSchema,
    success: { status: 200, schema: budgetsOverviewSchema, description: 'The budgets after the change.' },
    errors: [404],
  },
];
