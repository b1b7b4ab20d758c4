import type { AgentSummaryView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { LocalTime } from '~/components/local-time';

export const agentColumns = 'grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)_7rem_9rem] items-center gap-4';

/** One agent: the whole row is the link, and an arrow-key stop in the list. */
export function AgentRow({ agent }: { agent: AgentSummaryView }) {
  return (
    <li>
      <Link
        href={`/agents/${agent.id}` as Route}
        data-list-item
        className={`${agentColumns} px-4 py-3 text-sm hover:bg-zinc-50 focus:bg-brand-50 focus:outline-none dark:hover:bg-zinc-800/60 dark:focus:bg-brand-950/40`}
      >
        <span className="min-w-0">
          <span className="flex items-center gap-2 font-medium">
            <span className="truncate">{agent.name}</span>
            {agent.archived ? (
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-normal text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">archived</span>
            ) : null}
          </span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{agent.description || 'No description'}</span>
        </span>
        <span className="truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{agent.slug}</span>
        <span className="text-right tabular-nums">{agent.latestVersion === null ? '—' : `v${agent.latestVersion}`}</span>
        <LocalTime iso={agent.createdAt} options={{ year: 'numeric', month: 'numeric', day: 'numeric' }} className="text-xs text-zinc-500 dark:text-zinc-400" />
      </Link>
    </li>
  );
}
