'use client';

import type { RunStepView, RunView } from '@agentloom/platform';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { formatCount, formatDuration } from '~/components/format';
import { SkeletonRows } from '~/components/skeleton';
import { useNow } from '~/components/use-now';
import { stepBarColor, stepKindLabel, timelineLegend } from '~/features/runs/components/run-page/timeline-colors';
import { useRunSteps } from '~/features/runs/hooks/use-run-steps';
import { isTerminalStatus } from '~/features/runs/run-statuses';

const rowHeight = 30;
const columns = 'grid grid-cols-[3.5rem_7rem_minmax(0,1fr)_5rem_5.5rem] items-center gap-3';

/**
 * Every step as a bar on the run's time axis. Rows are virtualized (only the visible ones are in
 * the DOM), so a 10,000-step run scrolls like a 10-step one; the scroll area has a fixed height, so
 * steps arriving live never push the page around.
 */
export function TimelineTab({ run, revision }: { run: RunView; revision: number }) {
  const { steps, isPending, error } = useRunSteps(run.id, revision);
  const active = !isTerminalStatus(run.status);
  const now = useNow(1_000, active);
  const scrollRef = useRef<HTMLDivElement>(null);
  const inProgress = run.status === 'running';
  const rowCount = steps.length + (inProgress ? 1 : 0);
  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 12 });

  if (error) return <ErrorNotice title="The steps could not be loaded" message={error.message} />;
  if (isPending) return <div className={cardStyles}><SkeletonRows label="Loading steps" rows={8} /></div>;

  const axis = timeAxis(run, steps, now);
  return (
    <section aria-label="Timeline" className={cardStyles}>
      <div className={`${columns} border-b border-zinc-200 px-4 py-2 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:text-zinc-400`}>
        <span>Step</span>
        <span>Kind</span>
        <span className="flex justify-between">
          <span>0 s</span>
          <span>{formatDuration(axis.end - axis.start)}</span>
        </span>
        <span className="text-right">Duration</span>
        <span className="text-right">Tokens</span>
      </div>
      {rowCount === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-zinc-500">{active ? 'Waiting for the first step to commit…' : 'This run has no steps.'}</p>
      ) : (
        <div ref={scrollRef} className="h-[28rem] overflow-auto" tabIndex={0} aria-label={`${steps.length} steps`}>
          <ol className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const step = steps[item.index];
              return (
                <li key={item.key} className="absolute inset-x-0" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                  {step ? <StepRow step={step} axis={axis} /> : <InProgressRow index={(steps[steps.length - 1]?.index ?? -1) + 1} axis={axis} lastEnd={lastEnd(steps, run)} />}
                </li>
              );
            })}
          </ol>
        </div>
      )}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 border-t border-zinc-200 px-4 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        {timelineLegend.map((entry) => (
          <li key={entry.label} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-sm ${entry.color}`} />
            {entry.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface Axis {
  start: number;
  end: number;
}

function timeAxis(run: RunView, steps: RunStepView[], now: number): Axis {
  const first = steps[0];
  const start = Date.parse(run.startedAt ?? first?.startedAt ?? run.queuedAt);
  const lastFinished = steps.reduce((latest, step) => Math.max(latest, Date.parse(step.finishedAt ?? step.startedAt)), start);
  const end = run.finishedAt ? Date.parse(run.finishedAt) : Math.max(lastFinished, now || lastFinished);
  return { start, end: Math.max(end, start + 1) };
}

function lastEnd(steps: RunStepView[], run: RunView): number {
  const last = steps[steps.length - 1];
  return Date.parse(last?.finishedAt ?? run.startedAt ?? run.queuedAt);
}

function Bar({ from, to, axis, color, label }: { from: number; to: number; axis: Axis; color: string; label: string }) {
  const span = axis.end - axis.start;
  const left = ((from - axis.start) / span) * 100;
  const width = ((to - from) / span) * 100;
  return (
    <span className="relative block h-3 rounded-sm bg-zinc-100 dark:bg-zinc-800/60">
      <span title={label} className={`absolute inset-y-0 min-w-[3px] rounded-sm ${color}`} style={{ left: `${Math.max(0, left)}%`, width: `${Math.max(0, width)}%` }} />
    </span>
  );
}

function StepRow({ step, axis }: { step: RunStepView; axis: Axis }) {
  const from = Date.parse(step.startedAt);
  const to = step.finishedAt ? Date.parse(step.finishedAt) : from;
  const color = stepBarColor(step);
  return (
    <div className={`${columns} h-full px-4 text-xs hover:bg-zinc-50 dark:hover:bg-zinc-800/40`} data-step-index={step.index}>
      <span className="font-mono text-zinc-500 tabular-nums">#{step.index}</span>
      <span className="truncate capitalize">{stepKindLabel(step.kind)}</span>
      <Bar from={from} to={to} axis={axis} color={color} label={`${stepKindLabel(step.kind)} → ${step.status}`} />
      <span className="text-right tabular-nums">{formatDuration(to - from)}</span>
      <span className="text-right text-zinc-500 tabular-nums">{formatCount(step.inputTokens + step.outputTokens)}</span>
    </div>
  );
}

function InProgressRow({ index, axis, lastEnd: from }: { index: number; axis: Axis; lastEnd: number }) {
  return (
    <div className={`${columns} h-full px-4 text-xs text-zinc-500`} aria-live="polite">
      <span className="font-mono tabular-nums">#{index}</span>
      <span className="italic">in progress…</span>
      <span className="animate-pulse">
        <Bar from={from} to={axis.end} axis={axis} color="bg-sky-300 dark:bg-sky-700" label="In progress" />
      </span>
      <span className="text-right tabular-nums">{formatDuration(axis.end - from)}</span>
      <span />
    </div>
  );
}
