'use client';

import type { ApprovalView } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { cardStyles } from '~/components/button-styles';
import { formatRelative } from '~/components/format';
import { JsonTree } from '~/components/json-tree';
import { LocalTime, useLocalTimeFormat } from '~/components/local-time';
import { argumentsPanels } from '~/features/approvals/approval-arguments';
import { ApprovalDecisionControls } from '~/features/approvals/components/approval-decision-controls';
import { formatWaiting } from '~/features/approvals/waiting-time';
import { shortId } from '~/features/memory/short-id';
import { ToolCallStatusBadge } from '~/features/runs/components/run-page/tool-call-status-badge';
import { threadTitle } from '~/features/threads/thread-title';

interface ApprovalCardProps {
  approval: ApprovalView;
  now: number;
  canDecide: boolean;
  /** Pending cards of an operator can be selected for a bulk decision; undefined: no checkbox. */
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
  /** The card the keyboard acts on (j/k move it); it alone is in the tab order (roving focus). */
  current: boolean;
  onFocus: () => void;
}

const linkStyles = 'font-medium text-brand-700 hover:underline dark:text-brand-300';

/**
 * One approval with what tells it apart from the next: the run's input, the run, the agent and
 * version, the thread and how long it has waited — then the arguments and the decision.
 */
export function ApprovalCard({ approval, now, canDecide, selected, onSelectedChange, current, onFocus }: ApprovalCardProps) {
  const pending = approval.status === 'pending';
  const runLabel = shortId(approval.runId);
  // Tooltips too: an attribute the server rendered in its own zone is never corrected on hydration.
  const formatLocal = useLocalTimeFormat();
  return (
    <article
      aria-label={`${approval.toolName} approval, run ${runLabel}`}
      data-approval-id={approval.id}
      data-run-id={approval.runId}
      tabIndex={current ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus();
      }}
      className={`${cardStyles} p-5 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${selected ? 'ring-2 ring-brand-400 dark:ring-brand-600' : ''}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          {onSelectedChange ? (
            <input
              type="checkbox"
              className="mt-1 size-4"
              checked={selected ?? false}
              onChange={(event) => onSelectedChange(event.target.checked)}
              aria-label={`Select ${approval.toolName} in run ${runLabel}`}
            />
          ) : null}
          <div className="min-w-0">
            <p className="flex items-center gap-2">
              <code className="font-mono text-sm font-semibold">{approval.toolName}</code>
              <ToolCallStatusBadge status={approval.status} />
            </p>
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400" data-approval-context>
              <Link href={`/agents/${approval.agent.id}` as Route} className={linkStyles}>
                {approval.agent.name}
              </Link>{' '}
              <span data-agent-version={approval.agent.version}>v{approval.agent.version}</span> · run{' '}
              <Link
                href={`/runs/${approval.runId}?tab=tool-calls&toolCall=${approval.toolCallId}` as Route}
                className={`${linkStyles} font-mono`}
                title={approval.runId}
                aria-label={`Run ${approval.runId}`}
              >
                {runLabel}
              </Link>
              {approval.thread ? (
                <>
                  {' '}
                  · thread{' '}
                  <Link href={`/threads/${approval.thread.id}` as Route} className={linkStyles} data-thread-link>
                    {threadTitle(approval.thread)}
                  </Link>
                </>
              ) : null}
              {approval.requestReason ? <> · {approval.requestReason}</> : null}
            </p>
          </div>
        </div>
        <p className="text-right text-xs text-zinc-600 dark:text-zinc-400">
          <span title={`Asked ${formatLocal(approval.createdAt)}`} data-waiting>
            {pending ? formatWaiting(approval.createdAt, now) || formatLocal(approval.createdAt) : `asked ${formatRelative(approval.createdAt, now) || formatLocal(approval.createdAt)}`}
          </span>
          {pending && approval.expiresAt ? (
            <span className="block" title={formatLocal(approval.expiresAt)}>
              expires {formatRelative(approval.expiresAt, now) || formatLocal(approval.expiresAt)}
            </span>
          ) : null}
        </p>
      </header>
      <blockquote className="mt-3 border-l-2 border-zinc-300 pl-3 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300" data-run-input>
        <span className="sr-only">Run input: </span>
        <span className="line-clamp-3 whitespace-pre-wrap">
          {approval.run.inputExcerpt}
          {approval.run.inputTruncated ? '…' : ''}
        </span>
      </blockquote>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {argumentsPanels(approval).map((panel) => (
          <JsonTree key={panel.label} value={panel.value} label={panel.label} />
        ))}
        {pending ? (
          canDecide ? (
            <ApprovalDecisionControls approval={approval} />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">An operator or admin can decide this.</p>
          )
        ) : (
          <p className="text-sm">
            <span className="capitalize">{approval.status}</span> by <strong>{approval.decidedBy ?? 'system'}</strong>
            {approval.decidedAt ? <> on <LocalTime iso={approval.decidedAt} /></> : null}
            {approval.decisionReason ? <span className="mt-1 block text-zinc-600 dark:text-zinc-400">Reason: “{approval.decisionReason}”</span> : null}
          </p>
        )}
      </div>
    </article>
  );
}
