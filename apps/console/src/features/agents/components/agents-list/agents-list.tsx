'use client';

import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { AgentsIcon, PlusIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { AgentRow, agentColumns } from '~/features/agents/components/agents-list/agent-row';
import { useIsAdmin } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/** Every agent of the tenant; archived ones on request (`?archived=1`, so the view can be shared). */
export function AgentsList() {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  const parameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const showArchived = parameters.get('archived') === '1';
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: true }));
  const rows = (agents.data ?? []).filter((agent) => showArchived || !agent.archived);
  const archivedCount = (agents.data ?? []).filter((agent) => agent.archived).length;

  const newAgent = isAdmin ? (
    <Link href={'/agents/new'} className={buttonStyles.primary}>
      <PlusIcon className="size-4" />
      New agent
    </Link>
  ) : null;

  return (
    <>
      <PageHeader
        title="Agents"
        description="Agent configurations: prompt, model, tools and limits. Every save is a new immutable version."
        actions={newAgent}
      />
      <div className="mt-6 flex h-8 items-center">
        <label className="inline-flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <input
            type="checkbox"
            checked={showArchived}
            onChange={(event) => router.replace((event.target.checked ? `${pathname}?archived=1` : pathname) as Route, { scroll: false })}
          />
          Show archived ({archivedCount})
        </label>
      </div>
      <div className="mt-2">
        {agents.error ? (
          <ErrorNotice title="The agents could not be loaded" message={agents.error.message} />
        ) : agents.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading agents" rows={4} />
          </div>
        ) : rows.length === 0 ? (
          <CallToAction icon={<AgentsIcon />} title={archivedCount > 0 && !showArchived ? 'Every agent is archived' : 'No agents yet'} action={newAgent}>
            {isAdmin
              ? 'Create an agent: give it instructions, pick a mode and tools. Without a model it runs offline on the demo script.'
              : 'An admin creates agents; ask one, or sign in with an admin key.'}
          </CallToAction>
        ) : (
          <section aria-label="Agents" className={`${cardStyles} overflow-hidden`}>
            <div
              className={`${agentColumns} border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900/80 dark:text-zinc-400`}
              aria-hidden="true"
            >
              <span>Agent</span>
              <span>Slug</span>
              <span className="text-right">Latest version</span>
              <span>Created</span>
            </div>
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" onKeyDown={handleArrowNavigation}>
              {rows.map((agent) => (
                <AgentRow key={agent.id} agent={agent} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
