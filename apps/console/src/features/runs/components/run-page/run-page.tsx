'use client';

import { useQuery } from '@tanstack/react-query';
import { ErrorNotice } from '~/components/error-notice';
import { Skeleton } from '~/components/skeleton';
import { CheckpointsTab } from '~/features/runs/components/run-page/checkpoints-tab';
import { EventsTab } from '~/features/runs/components/run-page/events-tab';
import { MessagesTab } from '~/features/runs/components/run-page/messages-tab';
import { RunHeader } from '~/features/runs/components/run-page/run-header';
import { TimelineTab } from '~/features/runs/components/run-page/timeline-tab';
import { ToolCallsTab } from '~/features/runs/components/run-page/tool-calls-tab';
import { runTabs, useRunPageState } from '~/features/runs/components/run-page/use-run-page-state';
import { useRunLiveEvents } from '~/features/runs/hooks/use-run-live-events';
import { isTerminalStatus } from '~/features/runs/run-statuses';
import { useTRPC } from '~/trpc/react';

/** One run: header with actions, then the tab the URL names; follows the run live while it is active. */
export function RunPage({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const run = useQuery(trpc.runs.get.queryOptions({ runId }));
  const active = run.data !== undefined && !isTerminalStatus(run.data.status);
  const live = useRunLiveEvents(runId, active);
  const { tab, navigate } = useRunPageState();

  if (run.error) return <ErrorNotice title="This run could not be loaded" message={run.error.message} />;
  if (!run.data) {
    return (
      <div role="status" aria-label="Loading run" className="space-y-4">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  return (
    <>
      <RunHeader run={run.data} connection={live.connection} />
      <div role="tablist" aria-label="Run views" className="mt-6 flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {runTabs.map((candidate) => (
          <button
            key={candidate.id}
            type="button"
            role="tab"
            id={`tab-${candidate.id}`}
            aria-selected={tab === candidate.id}
            aria-controls="run-tab-panel"
            onClick={() => navigate({ tab: candidate.id })}
            className={
              tab === candidate.id
                ? '-mb-px border-b-2 border-brand-600 px-3 py-2 text-sm font-medium text-brand-700 dark:border-brand-400 dark:text-brand-100'
                : '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
            }
          >
            {candidate.label}
            {candidate.id === 'tool-calls' && run.data.usage.toolCalls > 0 ? <span className="ml-1.5 text-xs text-zinc-400 tabular-nums">{run.data.usage.toolCalls}</span> : null}
            {candidate.id === 'timeline' && run.data.usage.steps > 0 ? <span className="ml-1.5 text-xs text-zinc-400 tabular-nums">{run.data.usage.steps}</span> : null}
          </button>
        ))}
      </div>
      <div id="run-tab-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-4">
        {tab === 'timeline' ? <TimelineTab run={run.data} revision={live.revision} /> : null}
        {tab === 'tool-calls' ? <ToolCallsTab runId={runId} /> : null}
        {tab === 'messages' ? <MessagesTab runId={runId} revision={live.revision} /> : null}
        {tab === 'checkpoints' ? <CheckpointsTab runId={runId} /> : null}
        {tab === 'events' ? <EventsTab runId={runId} liveEvents={live.events} /> : null}
      </div>
    </>
  );
}
