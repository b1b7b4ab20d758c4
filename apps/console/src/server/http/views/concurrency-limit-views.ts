import type { ConcurrencyLimitsView } from '@agentloom/platform';
import { z } from 'zod';

import { viewRegistry } from './view-registry';

const maxRunningRunsSchema = z.number().int().nullable().describe('Null: no limit.');
const runningSchema = z.number().int().describe('Runs of the scope running now.');

const agentConcurrencyLimitSchema = z
  .object({ agentId: z.string(), agentName: z.string(), maxRunningRuns: maxRunningRunsSchema, running: runningSchema })
  .register(viewRegistry, { id: 'AgentConcurrencyLimit' });

export const concurrencyLimitsSchema = z
  .object({
    tenant: z.object({ maxRunningRuns: maxRunningRunsSchema, running: runningSchema }),
    agents: z.array(agentConcurrencyLimitSchema).describe('Only agents that have a limit.'),
  })
  .register(viewRegistry, { id: 'ConcurrencyLimits' }) satisfies z.ZodType<ConcurrencyLimitsView>;
