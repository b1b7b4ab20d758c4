'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { PlusIcon, ThreadsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { useNow } from '~/components/use-now';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { useCanOperate } from '~/features/session/principal-context';
import { NewThreadForm } from '~/features/threads/components/threads-list/new-thread-form';
import { ThreadRow } from '~/features/threads/components/threads-list/thread-row';
import { ThreadsFilterBar } from '~/features/threads/components/threads-list/threads-filter-bar';
import { useThreadsFilters } from '~/features/threads/hooks/use-threads-filters';
import { threadsListInput } from '~/features/threads/threads-filters';
import { useTRPC } from '~/trpc/react';

/** Threads, most recently active first, filtered by agent in the URL, "Load more" by cursor. */
export function ThreadsList() {
  const trpc = useTRPC();
  const canOperate = useCanOperate();
  const [filters, setFilters] = useThreadsFilters();
  const [creating, setCreating] = useState(false);
  const agentNames = useAgentNames();
  const now = useNow(60_000);
  const threads = useInfiniteQuery(
    trpc.threads.list.infiniteQueryOptions(threadsListInput(filters), { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const rows = threads.data?.pages.flatMap((page) => page.threads) ?? [];

  const newThread =
    canOperate && !creating ? (
      <button type="button" className={buttonStyles.primary} onClick={() => setCreating(true)}>
        <PlusIcon className="size-4" />
        New thread
      </button>
    ) : null;

  return (
    <>
      <PageHeader
        title="Threads"
        description="Conversations that span several runs; each new run on a thread starts with the earlier turns."
        actions={newThread}
      />
      {creating ? (
        <div className="mt-6">
          <NewThreadForm defaultAgentId={filters.agentId} onCancel={() => setCreating(false)} />
        </div>
      ) : null}
      <div className="mt-6">
        <ThreadsFilterBar filters={filters} onChange={setFilters} />
      </div>
      <div className="mt-4">
        {threads.error ? (
          <ErrorNotice title="The threads could not be loaded" message={threads.error.message} />
        ) : threads.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading threads" rows={6} />
          </div>
        ) : rows.length === 0 ? (
          <CallToAction icon={<ThreadsIcon />} title={filters.agentId ? 'No threads for this agent' : 'No threads yet'} action={newThread}>
            {canOperate
              ? 'Create a thread, then start runs on it: each run continues the conversation where the last one ended.'
              : 'Threads appear here when an operator or an API client creates one (POST /api/v1/threads).'}
          </CallToAction>
        ) : (
          <section aria-label="Threads" className={`${cardStyles} overflow-hidden`}>
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" onKeyDown={handleArrowNavigation}>
              {rows.map((thread) => (
                <ThreadRow key={thread.id} thread={thread} agentName={agentNames.get(thread.agentId)} now={now} canOperate={canOperate} />
              ))}
            </ul>
          </section>
        )}
        {threads.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <button type="button" className={buttonStyles.secondary} disabled={threads.isFetchingNextPage} onClick={() => void threads.fetchNextPage()}>
              {threads.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
