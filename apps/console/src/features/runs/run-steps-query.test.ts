import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { stepsInOrder, type StepsPage, type TimelineStep } from './live-steps';
import { nextRunStepsCursor, runStepsPageSize, serverFirstPageSize } from './run-steps-query';

const stepCount = 2_345;

function step(index: number): TimelineStep {
  return {
    id: `step-${index}`,
    index,
    kind: 'model_call',
    status: 'run-again',
    parentStepId: null,
    inputTokens: 1,
    outputTokens: 1,
    costUsd: null,
    startedAt: '2026-12-06T00:00:00.000Z',
    finishedAt: '2026-12-06T00:00:01.000Z',
    toolCalls: [],
    hasError: false,
    approval: null,
  };
}

/** The list procedure's contract (RunStepService.list): rows after the cursor, at most `limit`. */
function listSteps(cursor: number, limit: number): StepsPage {
  const steps = Array.from({ length: stepCount }, (_, index) => step(index)).filter((candidate) => candidate.index > cursor);
  const page = steps.slice(0, limit);
  return { steps: page, nextCursor: steps.length > limit ? page[page.length - 1]!.index : null };
}

const queryKey = ['runSteps.list', { runId: 'run', limit: runStepsPageSize }];

/** The client's infinite query with the server's short first page already in the cache, as after hydration. */
function hydratedTimeline() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<InfiniteData<StepsPage, number | undefined>>(queryKey, { pages: [listSteps(-1, serverFirstPageSize)], pageParams: [undefined] });
  const observer = new InfiniteQueryObserver<StepsPage, Error, InfiniteData<StepsPage, number | undefined>, typeof queryKey, number | undefined>(queryClient, {
    queryKey,
    queryFn: ({ pageParam }) => listSteps(pageParam ?? -1, runStepsPageSize),
    initialPageParam: undefined,
    getNextPageParam: nextRunStepsCursor,
    staleTime: Infinity,
  });
  return { queryClient, observer };
}

async function loadEveryPage(observer: ReturnType<typeof hydratedTimeline>['observer']): Promise<TimelineStep[]> {
  let result = observer.getCurrentResult();
  while (result.data?.pages[result.data.pages.length - 1]?.nextCursor !== null) result = await observer.fetchNextPage();
  return stepsInOrder(result.data.pages);
}

describe('the timeline after a short first page from the server', () => {
  it('continues after its last row in full pages: every step once, in order', async () => {
    const { observer } = hydratedTimeline();
    const steps = await loadEveryPage(observer);
    expect(steps.map((candidate) => candidate.index)).toEqual(Array.from({ length: stepCount }, (_, index) => index));
    // 50, then full pages from step 50 on.
    expect(observer.getCurrentResult().data?.pages.map((page) => page.steps.length)).toEqual([serverFirstPageSize, 1_000, 1_000, stepCount - serverFirstPageSize - 2_000]);
  });

  it('a refetch of the whole query (focus, reconnect) reads full pages and holds every step once', async () => {
    const { queryClient, observer } = hydratedTimeline();
    await loadEveryPage(observer);
    await queryClient.refetchQueries({ queryKey });
    const pages = queryClient.getQueryData<InfiniteData<StepsPage>>(queryKey)!.pages;
    expect(stepsInOrder(pages).map((candidate) => candidate.index)).toEqual(Array.from({ length: stepCount }, (_, index) => index));
  });
});
