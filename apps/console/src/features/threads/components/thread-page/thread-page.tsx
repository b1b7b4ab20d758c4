'use client';

import type { EraseReceipt } from '@agentloom/platform';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { Skeleton, SkeletonRows } from '~/components/skeleton';
import { EraseReceiptCard } from '~/features/memory/components/erase-receipt';
import { retryUnlessMissing } from '~/features/memory/retry-unless-missing';
import { useCanOperate } from '~/features/session/principal-context';
import { ThreadComposer } from '~/features/threads/components/thread-page/thread-composer';
import { ThreadConversation } from '~/features/threads/components/thread-page/thread-conversation';
import { ThreadHeader } from '~/features/threads/components/thread-page/thread-header';
import { useThreadConversation } from '~/features/threads/hooks/use-thread-conversation';
import { useTRPC } from '~/trpc/react';

/** One thread: its conversation across runs, live while a run works, and a box for the next run. */
export function ThreadPage({ threadId }: { threadId: string }) {
  const trpc = useTRPC();
  const canOperate = useCanOperate();
  const [receipt, setReceipt] = useState<EraseReceipt | null>(null);
  const thread = useQuery(trpc.threads.get.queryOptions({ threadId }, { enabled: receipt === null, retry: retryUnlessMissing }));
  const conversation = useThreadConversation(threadId);

  if (receipt) {
    return (
      <div className="max-w-xl space-y-4">
        <EraseReceiptCard receipt={receipt} />
        <Link href="/threads" className={buttonStyles.secondary}>
          Back to threads
        </Link>
      </div>
    );
  }
  if (thread.error) return <ErrorNotice title="This thread could not be loaded" message={thread.error.message} />;
  if (!thread.data) {
    return (
      <div role="status" aria-label="Loading thread" className="space-y-4">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ThreadHeader thread={thread.data} connection={conversation.connection} onErased={setReceipt} />
      {conversation.error ? (
        <ErrorNotice title="The conversation could not be loaded" message={conversation.error.message} />
      ) : conversation.isPending ? (
        <div className={cardStyles}>
          <SkeletonRows label="Loading conversation" rows={6} />
        </div>
      ) : (
        <ThreadConversation
          messages={conversation.messages}
          runs={conversation.runs}
          runsById={conversation.runsById}
          complete={conversation.complete}
          active={conversation.activeRun !== undefined}
          loadMore={conversation.loadMore}
          isLoadingMore={conversation.isLoadingMore}
          canOperate={canOperate}
        />
      )}
      {canOperate ? <ThreadComposer thread={thread.data} busy={conversation.activeRun !== undefined} onStarted={conversation.refreshRuns} /> : null}
    </div>
  );
}
