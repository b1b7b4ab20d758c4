import { listAuditInputSchema, usageSummaryInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { auditPageSchema, usageSummarySchema } from '../../views/account-views';

/** Usage and the audit log. */
export const administrationOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/usage',
    operationId: 'getUsage',
    tag: 'Usage and audit',
    summary: 'Tokens, cost and runs by outcome, per agent and per day',
    description: 'The window is [from, to) on run creation time; defaults to the last 30 days. A date (`2026-01-31`) means midnight UTC.',
    role: 'viewer',
    query: usageSummaryInputSchema.unwrap(),
    success: { status: 200, schema: usageSummarySchema, description: 'The usage summary: totals, per agent, per day.' },
  },
  {
    method: 'get',
    path: '/api/v1/audit-log',
    operationId: 'listAuditLog',
    tag: 'Usage and audit',
    summary: "Page the tenant's audit log, newest first",
    description: 'Who (key or system actor), what (action, target, before/after), when.',
    role: 'admin',
    query: listAuditInputSchema.unwrap(),
    success: { status: 200, schema: auditPageSchema, description: '`{ entries, nextCursor }`.' },
  },
];
