export interface ThreadsFilters {
  agentId: string | undefined;
  includeArchived: boolean;
}

const uuidPattern = /^[0-9a-f-]{36}$/i;

/** Reads the filters from the URL query (so a filtered list can be shared and reloaded). */
export function parseThreadsFilters(parameters: { get(name: string): string | null }): ThreadsFilters {
  const agentId = parameters.get('agent');
  return { agentId: agentId && uuidPattern.test(agentId) ? agentId : undefined, includeArchived: parameters.get('archived') === '1' };
}

/** The list's input for `threads.list`, identical on the server (prefetch) and in the browser. */
export function threadsListInput(filters: ThreadsFilters) {
  return { limit: 25, includeArchived: filters.includeArchived, ...(filters.agentId ? { agentId: filters.agentId } : {}) };
}
