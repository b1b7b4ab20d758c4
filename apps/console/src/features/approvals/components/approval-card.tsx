'use client';

import type { ApprovalView } from '@agentloom/platform';
import { useQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { formatRelative, formatTimestamp } from '~/components/format';
import { JsonTree } from '~/components/json-tree';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { ApprovalDecisionControls } from '~/features/approvals/components/approval-decision-controls';
import { ToolCallStatusBadge } from '~/features/runs/components/run-page/tool-call-status-badge';
import { useTRPC } from '~/trpc/react';

/** One approval: what the agent wants to do, since when, until when — and the decision. */
export function ApprovalCard({ approval, now, canDecide }: { approval: ApprovalView; now: number; canDecide: boolean }) {
  const trpc = useTRPC();
  const agentNames = useAgentNames();
  // The approval names its run, not the agent; run reads are batched into one request per render.
  const run = useQuery(trpc.runs.get.queryOptions({ runId: approval.runId }));
  const agentName = run.data ? agentNames.get(run.data.agentId) : undefined;
  const pending = approval.status === 'pending';
  return (
    <article aria-label={`${approval.toolName} approval`} data-approval-id={approval.id} className={`${cardStyles} p-5`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="flex items-center gap-2">
            <code className="font-mono text-sm font-semibold">{approval.toolName}</code>
            <ToolCallStatusBadge status={approval.status} />
          </p>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {agentName ?? 'Agent'} ·{' '}
            <Link href={`/runs/${approval.runId}?tab=tool-calls&toolCall=${approval.toolCallId}` as Route} className="font-medium text-brand-600 hover:underline dark:text-brand-400">
              open run
            </Link>
            {approval.requestReason ? <> · {approval.requestReason}</> : null}
          </p>
        </div>
        <p className="text-right text-xs text-zinc-500 dark:text-zinc-400">
          <span title={formatTimestamp(approval.createdAt)}>{pending ? 'waiting since' : 'asked'} {formatRelative(approval.createdAt, now) || formatTimestamp(approval.createdAt)}</span>
          {pending && approval.expiresAt ? (
            <span className="block" title={formatTimestamp(approval.expiresAt)}>
              expires {formatRelative(approval.expiresAt, now) || formatTimestamp(approval.expiresAt)}
            </span>
          ) : null}
        </p>
      </header>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <JsonTree value={approval.originalArguments} label="Arguments" />
        {approval.editedArguments !== null ? <JsonTree value={approval.editedArguments} label="Edited arguments" /> : null}
        {pending ? (
          canDecide ? (
            <ApprovalDecisionControls approval={approval} />
          ) : (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">An operator or admin can decide this.</p>
          )
        ) : (
          <p className="text-sm">
            <span className="capitalize">{approval.status}</span> by <strong>{approval.decidedBy ?? 'system'}</strong>
            {approval.decidedAt ? <> on {formatTimestamp(approval.decidedAt)}</> : null}
            {approval.decisionReason ? <span className="mt-1 block text-zinc-600 dark:text-zinc-400">Reason: “{approval.decisionReason}”</span> : null}
          </p>
        )}
      </div>
    </article>
  );
}
