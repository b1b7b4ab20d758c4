import type { RunStepView } from '@agentloom/platform';
import { memo } from 'react';
import { formatCount, formatDuration } from '~/components/format';
import { stepLabel, stepOutcome } from '~/features/runs/components/run-page/step-label';
import type { HumanWait, TimelineAxis } from '~/features/runs/components/run-page/timeline-axis';
import { stepBarColor } from '~/features/runs/components/run-page/timeline-colors';

/**
 * Step, what, time axis, duration, tokens. On a phone the tokens column is left out (the step panel
 * has them) so the time axis keeps a usable width instead of squeezing to nothing.
 */
export const timelineColumns =
  'grid grid-cols-[2.5rem_minmax(4.5rem,8rem)_minmax(4rem,1fr)_3.5rem] items-center gap-2 sm:grid-cols-[3.5rem_minmax(6rem,12rem)_minmax(0,1fr)_4.5rem_5rem] sm:gap-3';

/** The tokens column, shown from the `sm` breakpoint up. */
export const tokensColumn = 'hidden text-right sm:block';

const outcomeLook = {
  error: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300',
  warning: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
  neutral: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
} as const;

/**
 * One step: an option of the timeline's listbox, named by the tools it called. A click opens the
 * step panel; the keys are the listbox's (timeline-chart.tsx). Only the `tabStop` row is in the Tab
 * order, so a run of thousands of steps is one Tab stop, not thousands.
 */
export const TimelineRow = memo(function TimelineRow({
  step,
  axis,
  wait,
  selected,
  tabStop,
  position,
  rowCount,
  onOpen,
}: {
  step: RunStepView;
  axis: TimelineAxis;
  wait: HumanWait | undefined;
  selected: boolean;
  tabStop: boolean;
  /** The row's place (from 0) among `rowCount` rows: only a few are in the DOM, so screen readers are told. */
  position: number;
  rowCount: number;
  onOpen: (index: number) => void;
}) {
  const from = Date.parse(step.startedAt);
  const to = step.finishedAt ? Date.parse(step.finishedAt) : from;
  const label = stepLabel(step);
  const outcome = stepOutcome(step);
  const left = axis.position(from);
  const width = axis.position(to) - left;
  return (
    <div
      role="option"
      tabIndex={tabStop ? 0 : -1}
      data-step-index={step.index}
      aria-selected={selected}
      aria-posinset={position + 1}
      aria-setsize={rowCount}
      aria-label={`Step ${step.index}: ${label}${outcome ? `, ${outcome.label}` : ''}`}
      onClick={() => onOpen(step.index)}
      className={`${timelineColumns} h-full w-full cursor-pointer px-3 text-left sm:px-4 text-xs focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${selected ? 'bg-brand-50 dark:bg-brand-950' : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/40'}`}
    >
      <span className="font-mono text-zinc-500 tabular-nums dark:text-zinc-400">#{step.index}</span>
      <span className="flex min-w-0 items-center gap-1.5">
        <span className={`truncate ${step.toolCalls.length > 0 ? 'font-mono' : 'capitalize'}`}>{label}</span>
        {outcome ? <span className={`shrink-0 rounded px-1 py-px text-[10px] font-medium ${outcomeLook[outcome.tone]}`}>{outcome.label}</span> : null}
      </span>
      <span className="relative block h-3 rounded-sm bg-zinc-100 dark:bg-zinc-800/60">
        <span className={`absolute inset-y-0 min-w-[3px] rounded-sm ${stepBarColor(step)}`} style={{ left: `${left}%`, width: `${Math.max(0, width)}%` }} />
        {wait ? <WaitSegment wait={wait} axis={axis} /> : null}
      </span>
      <span className="text-right tabular-nums">{formatDuration(to - from)}</span>
      <span className={`${tokensColumn} text-zinc-500 tabular-nums dark:text-zinc-400`}>{formatCount(step.inputTokens + step.outputTokens)}</span>
    </div>
  );
});

/** The time a person took to decide, or a durable wait lasted, as a short hatched segment ending in the resume's mark. */
function WaitSegment({ wait, axis }: { wait: HumanWait; axis: TimelineAxis }) {
  const left = axis.position(wait.from);
  const width = axis.position(wait.to) - left;
  const waited = formatDuration(wait.to - wait.from);
  return (
    <span
      data-human-wait={wait.to - wait.from}
      data-wait-reason={wait.reason}
      title={wait.reason === 'durable-wait' ? `Waited ${waited} on a timer or an external event` : `Waited ${waited} for an approval decision`}
      className={`absolute inset-y-0 rounded-sm bg-[repeating-linear-gradient(135deg,transparent_0_3px,rgb(255_255_255/0.5)_3px_6px)] ${wait.reason === 'durable-wait' ? 'bg-violet-200 dark:bg-violet-900' : 'bg-amber-200 dark:bg-amber-900'}`}
      style={{ left: `${left}%`, width: `${Math.max(0.5, width)}%` }}
    >
      <span aria-hidden="true" className="absolute inset-y-[-2px] right-0 w-0.5 bg-amber-700 dark:bg-amber-300" />
    </span>
  );
}
