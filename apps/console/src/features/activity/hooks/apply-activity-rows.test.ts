import type { ActivityRows, RunView } from '@agentloom/platform';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import type { RunsPage } from '../../runs/live-runs-list';
import { applyActivityRows, type ActivityQueryKeys } from './apply-activity-rows';

const keys: ActivityQueryKeys = {
  runsList: [['runs', 'list']],
  approvalsList: [['approvals', 'list']],
  pendingCount: [['approvals', 'pendingCount'], { type: 'query' }],
  runGet: (runId) => [['runs', 'get'], { input: { runId }, type: 'query' }],
};

function run(id: string, createdAt: string, overrides: Partial<RunView> = {}): RunView {
  return {
    id,
    agentId: 'agent',
    agentVersionId: 'version',
    agentVersion: 1,
    threadId: null,
    threadTitle: null,
    status: 'running',
    input: { text: 'hello' },
    output: null,
    error: null,
    attempt: 1,
    maxAttempts: 3,
    cancelRequested: false,
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, costKnown: true, toolCalls: 0, steps: 0 },
    queuedAt: createdAt,
    startedAt: null,
    finishedAt: null,
    createdAt,
    retryOfRunId: null,
    rerunOfRunId: null,
    retriedByRunId: null,
    forkOf: null,
    forks: [],
    schedule: null,
    budget: { request: null, version: null },
    budgetPause: null,
    repeat: {
      retry: { allowed: false, refusedBy: 'status', reason: 'not ended' },
      rerun: { allowed: true, refusedBy: null, reason: null },
      fork: { allowed: false, refusedBy: 'status', reason: 'running' },
    },
    ...overrides,
  };
}

const older = run('00000000-0000-7000-8000-000000000001', new Date(Date.now() - 60_000).toISOString());
const newer = run('00000000-0000-7000-8000-000000000002', new Date().toISOString(), { input: { city: 'Paris' } });

function listKey(input: Record<string, unknown>) {
  return [['runs', 'list'], { input, type: 'infinite' }];
}

function seed(queryClient: QueryClient, input: Record<string, unknown>) {
  queryClient.setQueryData<InfiniteData<RunsPage>>(listKey(input), { pages: [{ runs: [older], nextCursor: null }], pageParams: [null] });
}

const rows: ActivityRows = { runs: [newer], approvals: [], approvalsComplete: true, pendingApprovals: 2 };

describe('applyActivityRows', () => {
  it('patches every cached list with its own filters, without invalidating it', () => {
    const queryClient = new QueryClient();
    seed(queryClient, { limit: 25 });
    seed(queryClient, { limit: 25, status: 'succeeded' });
    applyActivityRows(queryClient, keys, [newer.id], rows);
    const all = queryClient.getQueryData<InfiniteData<RunsPage>>(listKey({ limit: 25 }));
    expect(all?.pages[0]?.runs.map((candidate) => candidate.id)).toEqual([newer.id, older.id]);
    const succeeded = queryClient.getQueryData<InfiniteData<RunsPage>>(listKey({ limit: 25, status: 'succeeded' }));
    expect(succeeded?.pages[0]?.runs.map((candidate) => candidate.id)).toEqual([older.id]);
    expect(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: keys.runsList })
        .map((query) => query.state.isInvalidated),
    ).toEqual([false, false]);
    expect(queryClient.getQueryData(keys.pendingCount)).toBe(2);
  });

  it('invalidates (refetches) a list the rows cannot patch: a search on an input the browser cannot match', () => {
    const queryClient = new QueryClient();
    seed(queryClient, { limit: 25, search: 'paris' });
    applyActivityRows(queryClient, keys, [newer.id], rows);
    const [query] = queryClient.getQueryCache().findAll({ queryKey: keys.runsList });
    expect(query?.state.isInvalidated).toBe(true);
    expect((query?.state.data as InfiniteData<RunsPage>).pages[0]?.runs.map((candidate) => candidate.id)).toEqual([older.id]);
  });

  it('gives an open run page its row as is', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(keys.runGet(newer.id), { ...newer, status: 'queued' });
    applyActivityRows(queryClient, keys, [newer.id], rows);
    expect(queryClient.getQueryData<RunView>(keys.runGet(newer.id))?.status).toBe('running');
  });
});
