import type { RunStatus } from '@agentloom/platform';
import { runStatuses } from '~/features/runs/run-statuses';

export interface RunsFilters {
  status: RunStatus | undefined;
  agentId: string | undefined;
}

/** Reads the filters from the URL query (so a filtered list can be shared and reloaded). */
export function parseRunsFilters(parameters: { get(name: string): string | null }): RunsFilters {
  const status = parameters.get('status');
  const agentId = parameters.get('agent');
  return {
    status: runStatuses.find((candidate) => candidate === status),
    agentId: agentId && /^[0-9a-f-]{36}$/i.test(agentId) ? agentId : undefined,
  };
}

/** The list's input for `runs.list`, identical on the server (prefetch) and in the browser. */
export function runsListInput(filters: RunsFilters) {
  return { limit: 25, ...(filters.status ? { status: filters.status } : {}), ...(filters.agentId ? { agentId: filters.agentId } : {}) };
}
