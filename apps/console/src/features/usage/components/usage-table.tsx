import type { AgentUsageView, UsageSummaryView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { formatCount } from '~/components/format';
import { formatUsageCost, unpricedTitle } from '~/features/usage/usage-cost';

const columns = 'grid grid-cols-[minmax(0,2fr)_repeat(7,minmax(0,1fr))] items-center gap-3';

/** Per agent: runs and how they ended, model and tool calls, tokens and cost; totals last. */
export function UsageTable({ summary }: { summary: UsageSummaryView }) {
  return (
    <section aria-label="Usage per agent" className={`${cardStyles} overflow-x-auto`}>
      <div
        className={`${columns} min-w-[52rem] border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-xs font-medium text-zinc-500 dark:text-zinc-400 dark:border-zinc-800 dark:bg-zinc-900/80`}
      >
        <span>Agent</span>
        <span className="text-right">Runs</span>
        <span className="text-right">Succeeded · failed · cancelled</span>
        <span className="text-right">Other</span>
        <span className="text-right">Model calls</span>
        <span className="text-right">Tokens in / out</span>
        <span className="text-right">Tool calls</span>
        <span className="text-right">Cost</span>
      </div>
      <ul className="min-w-[52rem] divide-y divide-zinc-100 dark:divide-zinc-800">
        {summary.agents.map((agent) => (
          <UsageRow key={agent.agentId} label={agent.agentName} href={`/agents/${agent.agentId}` as Route} usage={agent} />
        ))}
        <UsageRow label="All agents" usage={summary.totals} emphasis />
      </ul>
    </section>
  );
}

function UsageRow({
  label,
  href,
  usage,
  emphasis = false,
}: {
  label: string;
  href?: Route;
  usage: Omit<AgentUsageView, 'agentId' | 'agentSlug' | 'agentName'>;
  emphasis?: boolean;
}) {
  const status = usage.runsByStatus;
  const other = status.queued + status.running + status.waiting_human + status.waiting;
  return (
    <li className={`${columns} px-4 py-2.5 text-sm tabular-nums ${emphasis ? 'bg-zinc-50 font-semibold dark:bg-zinc-900/60' : ''}`}>
      <span className="truncate">
        {href ? (
          <Link href={href} className="hover:underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </span>
      <span className="text-right">{formatCount(usage.runs)}</span>
      <span className="text-right">
        <span className="text-emerald-700 dark:text-emerald-400">{formatCount(status.succeeded)}</span> ·{' '}
        <span className="text-red-700 dark:text-red-400">{formatCount(status.failed)}</span> ·{' '}
        <span className="text-zinc-500 dark:text-zinc-400">{formatCount(status.cancelled)}</span>
      </span>
      <span className="text-right" title="queued, running or waiting for a human">
        {formatCount(other)}
      </span>
      <span className="text-right">{formatCount(usage.modelCalls)}</span>
      <span className="text-right">
        {formatCount(usage.inputTokens)} / {formatCount(usage.outputTokens)}
      </span>
      <span className="text-right">{formatCount(usage.toolCalls)}</span>
      <span className="text-right" data-cost={usage.costKnown ? 'known' : 'unknown'} title={unpricedTitle(usage)}>
        {formatUsageCost(usage)}
      </span>
    </li>
  );
}
