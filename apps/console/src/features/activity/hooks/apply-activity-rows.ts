import type { ActivityRows, ListApprovalsInput, ListRunsInput, RunView } from '@agentloom/platform';
import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { patchApprovalsPages, type ApprovalsPage } from '../../approvals/live-approvals';
import { patchRunsPages, type RunsPage } from '../../runs/live-runs-list';
import { refreshQueries } from '../../../trpc/refresh-queries';

/** The query keys the activity rows patch (tRPC's keys, passed in so this file stays free of the client). */
export interface ActivityQueryKeys {
  runsList: QueryKey;
  approvalsList: QueryKey;
  pendingCount: QueryKey;
  runGet: (runId: string) => QueryKey;
}

/**
 * Applies one activity message's rows to every cached list (ADR 0064): each `runs.list` and
 * `approvals.list` query — infinite or single page, whatever its filters — is patched in the cache;
 * a list the rows cannot patch (a search the browser cannot evaluate, approvals cut short, an
 * erased cursor) and a list whose fetch is in flight (its answer may predate the change) refetch.
 * An open run's `runs.get` takes its row as is.
 */
export function applyActivityRows(queryClient: QueryClient, keys: ActivityQueryKeys, runIds: readonly string[], rows: ActivityRows): void {
  const now = Date.now();
  const change = { runIds, ...rows };
  for (const query of queryClient.getQueryCache().findAll({ queryKey: keys.runsList })) {
    patchQuery(queryClient, query, (pages, input) => patchRunsPages(pages as RunsPage[], input as ListRunsInput, change, now));
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: keys.approvalsList })) {
    patchQuery(queryClient, query, (pages, input) => patchApprovalsPages(pages as ApprovalsPage[], input as ListApprovalsInput, change));
  }
  if (rows.pendingApprovals !== null) queryClient.setQueryData(keys.pendingCount, rows.pendingApprovals);
  const runsById = new Map<string, RunView>(rows.runs.map((run) => [run.id, run]));
  for (const runId of runIds) {
    const key = keys.runGet(runId);
    const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
    if (!query) continue;
    const run = runsById.get(runId);
    // An erased run (no row) refetches into its "not found"; a fetch in flight may predate the change.
    if (run === undefined || query.state.fetchStatus === 'fetching') refreshQueries(queryClient, key);
    else queryClient.setQueryData(key, run);
  }
}

type PatchPages = (pages: readonly unknown[], input: unknown) => unknown[] | undefined;

/** tRPC keys are `[path, { input?, type? }]`; `type: 'infinite'` holds `{ pages, pageParams }`, a plain query one page. */
function patchQuery(queryClient: QueryClient, query: Query, patch: PatchPages): void {
  const data = query.state.data;
  if (data === undefined) return;
  if (query.state.fetchStatus === 'fetching') {
    refreshQueries(queryClient, query.queryKey);
    return;
  }
  const meta = (query.queryKey[1] ?? {}) as { input?: unknown; type?: string };
  const input = meta.input ?? {};
  if (meta.type === 'infinite') {
    const infinite = data as InfiniteData<unknown>;
    const pages = patch(infinite.pages, input);
    if (pages === undefined) refreshQueries(queryClient, query.queryKey);
    else queryClient.setQueryData<InfiniteData<unknown>>(query.queryKey, { ...infinite, pages });
    return;
  }
  const [page] = patch([data], input) ?? [];
  if (page === undefined) refreshQueries(queryClient, query.queryKey);
  else queryClient.setQueryData(query.queryKey, page);
}
