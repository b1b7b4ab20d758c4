'use client';

import type { RunView, ThreadMessageView } from '@agentloom/platform';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ThreadsIcon } from '~/components/icons';
import { useNow } from '~/components/use-now';
import { ThreadMessage } from '~/features/threads/components/thread-page/thread-message';
import { ThreadRunBoundary } from '~/features/threads/components/thread-page/thread-run-boundary';
import { groupByRun } from '~/features/threads/thread-conversation-groups';

interface ThreadConversationProps {
  messages: ThreadMessageView[];
  runs: RunView[];
  runsById: ReadonlyMap<string, RunView>;
  complete: boolean;
  active: boolean;
  loadMore: () => void;
  isLoadingMore: boolean;
  canOperate: boolean;
}

/** The turns of every run in order, a boundary before each run. */
export function ThreadConversation({ messages, runs, runsById, complete, active, loadMore, isLoadingMore, canOperate }: ThreadConversationProps) {
  const now = useNow(1_000, active);
  const groups = groupByRun(messages, runsById, complete);
  // Boundaries count runs oldest first; the runs list is newest first.
  const positions = new Map([...runs].reverse().map((run, position) => [run.id, position + 1]));

  if (groups.length === 0) {
    return (
      <CallToAction icon={<ThreadsIcon />} title="No runs on this thread yet">
        {canOperate
          ? 'Write the first message below: it starts a run of this thread’s agent.'
          : 'Runs appear here when an operator or an API client starts one on this thread.'}
      </CallToAction>
    );
  }
  return (
    <section aria-label="Conversation" className="space-y-6">
      {groups.map((group, position) => (
        <div key={group.runId} className="space-y-3" data-run-group={group.runId}>
          <ThreadRunBoundary runId={group.runId} run={group.run} position={positions.get(group.runId) ?? position + 1} now={now} />
          {group.messages.length === 0 ? (
            <p className={`${cardStyles} px-4 py-3 text-sm text-zinc-500 dark:text-zinc-400`}>
              {group.run && (group.run.status === 'queued' || group.run.status === 'running') ? 'Working…' : 'No messages in this run.'}
            </p>
          ) : (
            <ol className="flex flex-col gap-3">
              {group.messages.map((message) => (
                <ThreadMessage key={message.id} message={message} />
              ))}
            </ol>
          )}
        </div>
      ))}
      {complete ? null : (
        <div className="flex justify-center">
          <button type="button" className={buttonStyles.secondary} disabled={isLoadingMore} onClick={loadMore}>
            {isLoadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </section>
  );
}
