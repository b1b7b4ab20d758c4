'use client';

import type { RunView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { CopyButton } from '~/components/copy-button';
import { durationBetween, formatCost, formatCount, formatDuration } from '~/components/format';
import { LocalTime } from '~/components/local-time';
import { StopIcon } from '~/components/icons';
import { useNow } from '~/components/use-now';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { RunActions } from '~/features/runs/components/run-actions';
import { RunFailureNotice } from '~/features/runs/components/run-failure-notice';
import { BudgetPauseNotice } from '~/features/runs/components/run-page/budget-pause-notice';
import { runBudgetSummary } from '~/features/runs/components/run-page/run-budget-summary';
import { PendingApprovalsOfRun } from '~/features/runs/components/run-page/pending-approvals-of-run';
import { WaitsOfRun } from '~/features/runs/components/run-page/waits-of-run';
import { RunStatusBadge } from '~/features/runs/components/run-status-badge';
import { isTerminalStatus } from '~/features/runs/run-statuses';
import { runText } from '~/features/runs/run-text';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

const connectionLabel = { idle: null, connecting: 'Connecting…', live: 'Live', error: 'Reconnecting…' } as const;

export function RunHeader({ run, connection }: { run: RunView; connection: keyof typeof connectionLabel }) {
  const agentNames = useAgentNames();
  const canOperate = useCanOperate();
  const active = !isTerminalStatus(run.status);
  const now = useNow(1_000, active);
  const inputText = runText(run.input);
  const outputText = run.output === null ? null : runText(run.output);

  return (
    <header className="space-y-4">
      <Link href="/runs" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
        ← Runs
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{agentNames.get(run.agentId) ?? 'Run'}</h1>
            <RunStatusBadge status={run.status} />
            {connectionLabel[connection] ? (
              <span className="inline-flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                <span aria-hidden="true" className={`size-2 rounded-full ${connection === 'live' ? 'animate-pulse bg-emerald-500' : 'bg-amber-500'}`} />
                {connectionLabel[connection]}
              </span>
            ) : null}
          </div>
          <p className="mt-1 flex items-center gap-1 font-mono text-xs text-zinc-500 dark:text-zinc-400">
            {run.id}
            <CopyButton text={run.id} label="Copy id" />
          </p>
        </div>
        {canOperate && active ? <CancelRunButton run={run} /> : null}
      </div>
      <dl className={`${cardStyles} grid grid-cols-2 gap-x-6 gap-y-3 p-4 text-sm sm:grid-cols-4 lg:grid-cols-6`}>
        <Fact label="Agent version">
          <Link href={`/agents/${run.agentId}`} className="text-brand-700 hover:underline dark:text-brand-300" data-agent-version={run.agentVersion}>
            v{run.agentVersion}
          </Link>
        </Fact>
        <Fact label="Created">
          <Instant iso={run.createdAt} />
        </Fact>
        {run.queuedAt !== run.createdAt ? (
          <Fact label="Re-queued">
            <Instant iso={run.queuedAt} />
          </Fact>
        ) : null}
        <Fact label="Started">{run.startedAt ? <Instant iso={run.startedAt} /> : '—'}</Fact>
        <Fact label="Finished">{run.finishedAt ? <Instant iso={run.finishedAt} /> : '—'}</Fact>
        <Fact label="Duration">{formatDuration(durationBetween(run.startedAt, run.finishedAt, now))}</Fact>
        <Fact label="Steps">{formatCount(run.usage.steps)}</Fact>
        <Fact label="Model calls">{formatCount(run.usage.modelCalls)}</Fact>
        <Fact label="Tokens in / out">
          {formatCount(run.usage.inputTokens)} / {formatCount(run.usage.outputTokens)}
        </Fact>
        <Fact label="Cost">
          <RunCost usage={run.usage} />
        </Fact>
        {runBudgetSummary(run) !== null ? <Fact label="Budget">{runBudgetSummary(run)}</Fact> : null}
        <Fact label="Attempt">
          {run.attempt} of {run.maxAttempts}
        </Fact>
      </dl>
      <BudgetPauseNotice run={run} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TextPanel label="Input">{inputText}</TextPanel>
        {run.error ? (
          <RunFailureNotice run={run} error={run.error} />
        ) : outputText !== null ? (
          <TextPanel label="Output">{outputText}</TextPanel>
        ) : (
          <TextPanel label="Output">
            <span className="text-zinc-500 dark:text-zinc-400 italic">{run.status === 'cancelled' ? 'Cancelled before an answer.' : 'No answer yet.'}</span>
          </TextPanel>
        )}
      </div>
      <RunActions run={run} canOperate={canOperate} />
      {run.status === 'waiting_human' ? <PendingApprovalsOfRun runId={run.id} canDecide={canOperate} /> : null}
      {run.status === 'waiting' ? <WaitsOfRun runId={run.id} canDeliver={canOperate} /> : null}
    </header>
  );
}

/**
 * A date and time a reader can place (not only a time of day), with the exact instant (ISO, with
 * milliseconds and offset) on hover; both in the viewer's time zone.
 */
function Instant({ iso }: { iso: string }) {
  return <LocalTime iso={iso} options={{ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }} title="instant" />;
}

/** "$0" only when it was priced at $0: a run on a model without prices has an unknown cost. */
function RunCost({ usage }: { usage: RunView['usage'] }) {
  if (usage.costKnown) return <>{formatCost(usage.costUsd)}</>;
  const why = 'A model this run can call has no prices configured (set pricing in the agent’s model settings)';
  if (usage.costUsd > 0) return <span title={`${why}; this is the priced part only`}>≥ {formatCost(usage.costUsd)}</span>;
  return (
    <span title={why} data-cost="unknown">
      Unknown
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 truncate font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function TextPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className={`${cardStyles} p-4`}>
      <h2 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</h2>
      <div className="mt-1 max-h-40 overflow-auto text-sm whitespace-pre-wrap">{children}</div>
    </section>
  );
}

function CancelRunButton({ run }: { run: RunView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation(
    trpc.runs.cancel.mutationOptions({
      onSuccess: (updated) => {
        setConfirming(false);
        queryClient.setQueryData(trpc.runs.get.queryKey({ runId: run.id }), updated);
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.runs.pathKey() }),
    }),
  );
  return (
    <div className="flex flex-col items-end gap-2">
      <button
        type="button"
        className={buttonStyles.danger}
        disabled={cancel.isPending || run.cancelRequested}
        onClick={() => {
          cancel.reset();
          setConfirming(true);
        }}
      >
        <StopIcon className="size-4" />
        {run.cancelRequested ? 'Cancelling…' : 'Cancel run'}
      </button>
      <ConfirmDialog
        open={confirming}
        title="Cancel this run?"
        confirmLabel="Cancel run"
        cancelLabel="Keep running"
        pending={cancel.isPending}
        error={cancel.error?.message ?? null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate({ runId: run.id })}
      >
        The in-flight step is aborted and the run ends as cancelled.
      </ConfirmDialog>
    </div>
  );
}
