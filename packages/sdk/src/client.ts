import { agentsResource } from './resources/agents-resource.ts';
import { batchesResource } from './resources/batches-resource.ts';
import { evaluationsResource } from './resources/evaluations-resource.ts';
import { approvalsResource } from './resources/approvals-resource.ts';
import { budgetsResource } from './resources/budgets-resource.ts';
import { concurrencyLimitsResource } from './resources/concurrency-limits-resource.ts';
import { modelPricesResource } from './resources/model-prices-resource.ts';
import { eventsResource } from './resources/events-resource.ts';
import { memoriesResource } from './resources/memories-resource.ts';
import { runsResource } from './resources/runs-resource.ts';
import { schedulesResource } from './resources/schedules-resource.ts';
import { threadsResource } from './resources/threads-resource.ts';
import { Transport, type ClientOptions } from './transport.ts';
import type { Caller, EraseReceipt } from './types.ts';

/**
 * A client for one console and one API key. Every method returns the API's JSON and throws
 * `AgentLoomApiError` (kind, status, field, requestId) when the call fails.
 */
export function createClient(options: ClientOptions) {
  const transport = new Transport(options);
  return {
    runs: runsResource(transport),
    approvals: approvalsResource(transport),
    events: eventsResource(transport),
    threads: threadsResource(transport),
    memories: memoriesResource(transport),
    agents: agentsResource(transport),
    budgets: budgetsResource(transport),
    modelPrices: modelPricesResource(transport),
    /** Datasets of recorded cases and experiments replaying them (regression replay). */
    evaluations: evaluationsResource(transport),
    schedules: schedulesResource(transport),
    batches: batchesResource(transport),
    /** The most runs of the tenant or one agent running at once (admin to change). */
    concurrencyLimits: concurrencyLimitsResource(transport),
    /**
     * Erases a run, a thread or the whole tenant (for `tenant`, `id` is your tenant id from `me()`)
     * with every row it produced; needs an admin key.
     */
    erase(target: EraseReceipt['unit'], id: string): Promise<EraseReceipt> {
      return transport.json('POST', '/api/v1/erase', { body: { target, id } });
    },
    /** Who the key is: tenant, key and role. */
    me(): Promise<Caller> {
      return transport.json('GET', '/api/v1/me');
    },
  };
}

export type AgentLoomClient = ReturnType<typeof createClient>;
