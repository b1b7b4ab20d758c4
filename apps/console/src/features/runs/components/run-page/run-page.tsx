'use client';

import { useQuery } from '@tanstack/react-query';
import { retryUnlessMissing } from '~/features/memory/retry-unless-missing';
import { ErrorNotice } from '~/components/error-notice';
import { Skeleton } from '~/components/skeleton';
import { TabList } from '~/components/tab-list';
import { RunFeedbackSection } from '~/features/feedback/components/run-feedback-section';
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
  // An unknown or erased run shows "not found" at once, not after three retries.
  const run = useQuery(trpc.runs.get.queryOptions({ runId }, { retry: retryUnlessMissing }));
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
      <TabList
        label="Run views"
        idPrefix="tab"
        panelId="run-tab-panel"
        className="mt-6"
        selected={tab}
        onSelect={(id) => navigate({ tab: id })}
        tabs={runTabs.map((candidate) => ({
          id: candidate.id,
          label: (
            <>
              {candidate.label}
              {candidate.id === 'tool-calls' && run.data.usage.toolCalls > 0 ? <span className="ml-1.5 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{run.data.usage.toolCalls}</span> : null}
              {candidate.id === 'timeline' && run.data.usage.steps > 0 ? <span className="ml-1.5 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{run.data.usage.steps}</span> : null}
            </>
          ),
        }))}
      />
      <div id="run-tab-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-4">
        {tab === 'timeline' ? <TimelineTab run={run.data} revision={live.revision} /> : null}
        {tab === 'tool-calls' ? <ToolCallsTab runId={runId} /> : null}
        {tab === 'messages' ? <MessagesTab runId={runId} revision={live.revision} /> : null}
        {tab === 'checkpoints' ? <CheckpointsTab runId={runId} /> : null}
        {tab === 'events' ? <EventsTab runId={runId} liveEvents={live.events} /> : null}
      </div>
      <RunFeedbackSection runId={runId} />
    </>
  );
}
