import type { ExperimentView } from '@agentloom/platform';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { refreshQueries } from '~/trpc/refresh-queries';

/**
 * Live progress of experiment pages, from the tenant activity stream the console already holds
 * (no stream of its own). A replay is an ordinary run, so when runs change and one of them belongs
 * to a running experiment on screen, every running experiment query is read again: reading scores
 * the replays that finished, and an experiment waits on its baseline's verdicts, whose runs are
 * another experiment's. `changedRunIds` null means "anything may have changed" (the stream (re)connected).
 */
export function refreshRunningExperiments(queryClient: QueryClient, experimentsKey: QueryKey, changedRunIds: readonly string[] | null): void {
  const running = queryClient
    .getQueryCache()
    .findAll({ queryKey: experimentsKey })
    .filter((query) => (query.state.data as ExperimentView | undefined)?.status === 'running');
  if (running.length === 0) return;
  const changed = changedRunIds === null ? null : new Set(changedRunIds);
  const touched = changed === null || running.some((query) => (query.state.data as ExperimentView).results.some((result) => changed.has(result.runId)));
  if (!touched) return;
  for (const query of running) refreshQueries(queryClient, query.queryKey);
}
