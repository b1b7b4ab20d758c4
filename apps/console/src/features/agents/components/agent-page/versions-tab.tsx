'use client';

import type { AgentVersionSummaryView } from '@agentloom/platform';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { LocalTime } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { runVersionHref } from '~/features/agents/components/agent-page/agent-header';
import type { AgentPageState } from '~/features/agents/components/agent-page/use-agent-page-state';
import { VersionDiff } from '~/features/agents/components/agent-page/version-diff';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

interface VersionsTabProps {
  agentId: string;
  archived: boolean;
  state: AgentPageState;
  navigate: (next: Partial<AgentPageState>) => void;
}

/** History newest first; pick any two versions to compare; run any version. */
export function VersionsTab({ agentId, archived, state, navigate }: VersionsTabProps) {
  const trpc = useTRPC();
  const versions = useQuery(trpc.agents.versions.queryOptions({ agentId }));
  if (versions.error) return <ErrorNotice title="The versions could not be loaded" message={versions.error.message} />;
  if (!versions.data) {
    return (
      <div className={cardStyles}>
        <SkeletonRows label="Loading versions" rows={4} />
      </div>
    );
  }
  const list = versions.data.versions;
  const latest = list[0]?.version ?? 1;
  const to = state.to ?? latest;
  const from = state.from ?? Math.max(1, to - 1);
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <VersionList list={list} agentId={agentId} archived={archived} from={from} to={to} navigate={navigate} />
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          Compare
          <VersionSelect label="Left version" value={from} list={list} onChange={(version) => navigate({ from: version, to })} />
          with
          <VersionSelect label="Right version" value={to} list={list} onChange={(version) => navigate({ from, to: version })} />
        </div>
        <VersionDiff agentId={agentId} from={from} to={to} />
      </div>
    </div>
  );
}

function VersionSelect({
  label,
  value,
  list,
  onChange,
}: {
  label: string;
  value: number;
  list: AgentVersionSummaryView[];
  onChange: (version: number) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
    >
      {list.map((version) => (
        <option key={version.version} value={version.version}>
          v{version.version}
        </option>
      ))}
    </select>
  );
}

interface VersionListProps {
  list: AgentVersionSummaryView[];
  agentId: string;
  archived: boolean;
  from: number;
  to: number;
  navigate: (next: Partial<AgentPageState>) => void;
}

function VersionList({ list, agentId, archived, from, to, navigate }: VersionListProps) {
  const canOperate = useCanOperate();
  return (
    <section aria-label="Version history" className={`${cardStyles} self-start overflow-hidden`}>
      <ol className="divide-y divide-zinc-100 dark:divide-zinc-800" onKeyDown={handleArrowNavigation}>
        {list.map((version) => {
          const selected = version.version === from || version.version === to;
          return (
            <li key={version.version} className={`px-4 py-3 text-sm ${selected ? 'bg-brand-50/60 dark:bg-brand-950/30' : ''}`}>
              <div className="flex items-center justify-between gap-2">
                <button
                  type="button"
                  data-list-item
                  className="font-medium hover:underline focus:underline focus:outline-none"
                  disabled={version.version === 1}
                  title={version.version === 1 ? 'The first version' : `Compare with version ${version.version - 1}`}
                  onClick={() => navigate({ from: version.version - 1, to: version.version })}
                >
                  Version {version.version}
                </button>
                {canOperate && !archived ? (
                  <Link href={runVersionHref(agentId, version.version)} className={buttonStyles.ghost}>
                    Run this version
                  </Link>
                ) : null}
              </div>
              <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400" suppressHydrationWarning>
                <LocalTime iso={version.createdAt} /> · {version.createdBy ?? 'unknown'}
              </p>
              <p className="font-mono text-[11px] text-zinc-500 dark:text-zinc-400" title={version.configHash}>
                {version.configHash.slice(0, 12)}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
