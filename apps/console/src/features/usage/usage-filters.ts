export const usageRanges = [7, 30, 90] as const;
export const usageMetrics = [
  { id: 'runs', label: 'Runs' },
  { id: 'tokens', label: 'Tokens' },
  { id: 'cost', label: 'Cost' },
] as const;

export interface UsageFilters {
  days: (typeof usageRanges)[number];
  agentId: string | undefined;
  metric: (typeof usageMetrics)[number]['id'];
}

/** Reads the range, agent and charted metric from the URL query. */
export function parseUsageFilters(parameters: { get(name: string): string | null }): UsageFilters {
  const days = Number(parameters.get('days'));
  const agentId = parameters.get('agent');
  return {
    days: usageRanges.find((range) => range === days) ?? 30,
    agentId: agentId && /^[0-9a-f-]{36}$/i.test(agentId) ? agentId : undefined,
    metric: usageMetrics.find((metric) => metric.id === parameters.get('metric'))?.id ?? 'runs',
  };
}

/**
 * `usage.summary`'s input: whole UTC days ending with today, so the server render and the browser
 * (and a reload an hour later) ask for the same window and share the cache entry.
 */
export function usageSummaryInput(filters: UsageFilters, now = new Date()) {
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const from = new Date(tomorrow.getTime() - filters.days * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: tomorrow.toISOString().slice(0, 10), ...(filters.agentId ? { agentId: filters.agentId } : {}) };
}
