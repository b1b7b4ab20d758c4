import { setConcurrencyLimitInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { concurrencyLimitsSchema } from '../../views/concurrency-limit-views';

const tag = 'Batches';

/** Tenant and agent concurrency limits the claim enforces (ADR 0049, 0056). */
export const concurrencyLimitsOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/concurrency-limits',
    operationId: 'getConcurrencyLimits',
    tag,
    summary: "The tenant's and its agents' concurrency limits",
    description: 'The most runs of the tenant, or of one agent, running at once, with how many run now. Agents without a limit are not listed.',
    role: 'viewer',
    success: { status: 200, schema: concurrencyLimitsSchema, description: '`{ tenant: { maxRunningRuns, running }, agents: [{ agentId, agentName, maxRunningRuns, running }] }`.' },
  },
  {
    method: 'post',
    path: '/api/v1/concurrency-limits',
    operationId: 'setConcurrencyLimit',
    tag,
    summary: 'Set or clear the concurrency limit of the tenant or one agent',
    description:
      'Without `agentId` the limit is the tenant’s own; `maxRunningRuns: null` removes it. Every executor’s claim holds the limit from the next claim on (runs already running keep running). Audit-logged.',
    role: 'admin',
    body: setConcurrencyLimitInputSchema,
    success: { status: 200, schema: concurrencyLimitsSchema, description: 'The limits after the change.' },
    errors: [404],
  },
];
