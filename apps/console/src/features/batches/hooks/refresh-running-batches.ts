import type { BatchView } from '@agentloom/platform';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { refreshQueries } from '~/trpc/refresh-queries';

/**
 * Live progress of the batch pages, from the tenant activity stream the console already holds (no
 * stream or polling of their own), as experiments do: a batch item is an ordinary run, so when runs
 * change and a batch on screen is still running, its queries (list, batch, items) are read again.
 * A settled batch changes only by an action on its own page, which refreshes it itself.
 */
export function refreshRunningBatches(queryClient: QueryClient, batchesKey: QueryKey): void {
  const cached = queryClient.getQueryCache().findAll({ queryKey: batchesKey });
  const anyRunning = cached.some((query) => {
    const data = query.state.data as BatchView | { batches: BatchView[] } | undefined;
    if (!data) return false;
    if ('batches' in data) return data.batches.some((batch) => batch.status === 'running');
    return 'status' in data && data.status === 'running';
  });
  if (anyRunning) refreshQueries(queryClient, batchesKey);
}
