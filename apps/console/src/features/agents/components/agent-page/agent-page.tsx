'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { Skeleton, SkeletonRows } from '~/components/skeleton';
import { TabList } from '~/components/tab-list';
import { AgentFeedbackTab } from '~/features/feedback/components/agent-feedback-tab';
import { ConcurrencyLimitPanel } from '~/features/concurrency-limits/components/concurrency-limit-panel';
import { AgentEditor } from '~/features/agents/components/agent-editor/agent-editor';
import { AgentHeader } from '~/features/agents/components/agent-page/agent-header';
import { agentTabs, useAgentPageState } from '~/features/agents/components/agent-page/use-agent-page-state';
import { VersionsTab } from '~/features/agents/components/agent-page/versions-tab';
import { useIsAdmin } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/** One agent: header with actions, then its configuration editor or its versions and diff. */
export function AgentPage({ agentId }: { agentId: string }) {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  const agent = useQuery(trpc.agents.get.queryOptions({ agentId }));
  const toolOptions = useQuery(trpc.agents.toolOptions.queryOptions());
  const [state, navigate] = useAgentPageState();
  const [saved, setSaved] = useState<{ version: number; created: boolean } | null>(null);

  if (agent.error) return <ErrorNotice title="This agent could not be loaded" message={agent.error.message} />;
  if (!agent.data) {
    return (
      <div role="status" aria-label="Loading agent" className="space-y-4">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const latest = agent.data.latest;

  return (
    <>
      <AgentHeader agent={agent.data} />
      <div className="mt-6">
        <ConcurrencyLimitPanel agentId={agentId} />
      </div>
      <TabList
        label="Agent views"
        idPrefix="tab"
        panelId="agent-tab-panel"
        className="mt-6"
        tabs={agentTabs}
        selected={state.tab}
        onSelect={(id) => navigate({ tab: id })}
      />
      <div id="agent-tab-panel" role="tabpanel" aria-labelledby={`tab-${state.tab}`} className="mt-4">
        {state.tab === 'versions' ? (
          <VersionsTab agentId={agentId} archived={agent.data.archived} state={state} navigate={navigate} />
        ) : state.tab === 'feedback' ? (
          <AgentFeedbackTab agentId={agentId} />
        ) : !latest ? (
          <ErrorNotice title="This agent has no version" message="Save a configuration through the API to give it version 1." />
        ) : toolOptions.error ? (
          <ErrorNotice title="The tool catalogue could not be loaded" message={toolOptions.error.message} />
        ) : !toolOptions.data ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading the editor" rows={8} />
          </div>
        ) : (
          <>
            {saved ? (
              <p
                role="status"
                className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-300"
              >
                {saved.created ? `Saved as version ${saved.version}.` : `Nothing changed in the configuration; still version ${saved.version}.`}{' '}
                {saved.created && saved.version > 1 ? (
                  <button
                    type="button"
                    className="font-medium underline"
                    onClick={() => navigate({ tab: 'versions', from: saved.version - 1, to: saved.version })}
                  >
                    See the diff
                  </button>
                ) : null}
              </p>
            ) : null}
            <AgentEditor
              key={latest.version}
              agent={agent.data}
              latest={latest}
              toolOptions={toolOptions.data}
              readOnly={!isAdmin}
              onSaved={(version, created) => setSaved({ version, created })}
            />
          </>
        )}
      </div>
    </>
  );
}
