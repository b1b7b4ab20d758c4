'use client';

import type { RunStepView, RunView } from '@agentloom/platform';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { formatDuration } from '~/components/format';
import { useNow } from '~/components/use-now';
import { humanWaits, timelineAxis, type HumanWait, type TimelineAxis } from '~/features/runs/components/run-page/timeline-axis';
import { timelineLegend } from '~/features/runs/components/run-page/timeline-colors';
import { timelineKeyAction, timelineTabStop } from '~/features/runs/components/run-page/timeline-keyboard';
import { TimelineRow, timelineColumns, tokensColumn } from '~/features/runs/components/run-page/timeline-row';
import { isTerminalStatus } from '~/features/runs/run-statuses';

const rowHeight = 30;
/** h-[28rem] at the default 16 px root font size. */
const scrollAreaHeight = 448;

/**
 * Steps as bars on the run's time axis. Rows are virtualized (only the visible ones are in the
 * DOM), so a 10,000-step run scrolls like a 10-step one; the scroll area has a fixed height, so
 * steps arriving live never push the page around. The rows are a listbox with one Tab stop
 * (ADR 0111): arrows, Page Up/Down, Home and End move the focus (scrolling the row into view),
 * Enter, Space or a click opens the step. `rows` is every step, or the ones a filter kept.
 */
export function TimelineChart({
  run,
  steps,
  rows,
  selectedIndex,
  onOpen,
}: {
  run: RunView;
  steps: RunStepView[];
  rows: RunStepView[];
  selectedIndex: number | null;
  onOpen: (index: number) => void;
}) {
  const active = !isTerminalStatus(run.status);
  const now = useNow(1_000, active);
  const scrollRef = useRef<HTMLDivElement>(null);
  const filtered = rows !== steps;
  const inProgress = run.status === 'running' && !filtered;
  const rowCount = rows.length + (inProgress ? 1 : 0);
  const axis = useMemo(() => runAxis(run, steps, now), [run, steps, now]);
  const waitsByStep = useMemo(() => new Map<number, HumanWait>(axis.waits.map((wait) => [wait.afterStep, wait])), [axis]);
  const rowOf = useMemo(() => new Map(rows.map((step, position) => [step.index, position])), [rows]);

  // One Tab stop (roving tabindex): the row the keyboard last focused, else the selected step, else the
  // first row. That row is always rendered, even when scrolled out of view, so the stop never vanishes
  // with the virtualized rows around it.
  const [focused, setFocused] = useState<{ index: number; selectedIndex: number | null } | null>(null);
  const tabStop = timelineTabStop(rowOf, focused, selectedIndex, rows.length);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const positions = defaultRangeExtractor(range);
      if (tabStop === undefined || positions.includes(tabStop)) return positions;
      return [...positions, tabStop].sort((left, right) => left - right);
    },
    [tabStop],
  );
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    rangeExtractor,
    // The scroll area's size before it is measured (h-[28rem]): the server renders the first rows
    // with it, and hydration renders the same ones.
    initialRect: { width: 0, height: scrollAreaHeight },
  });

  // A step opened from elsewhere (deep link, search, "next error", jump) scrolls into view.
  useEffect(() => {
    const position = selectedIndex === null ? undefined : rowOf.get(selectedIndex);
    if (position !== undefined) virtualizer.scrollToIndex(position, { align: 'auto' });
  }, [selectedIndex, rowOf, virtualizer]);

  // A keyboard move makes the target row the Tab stop (so it renders) and focuses it once it is in the DOM.
  const focusAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = focusAfterRender.current;
    if (index === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-step-index="${index}"]`);
    if (!row) return;
    focusAfterRender.current = null;
    // The virtualizer has scrolled the list to the row; focusing also scrolls the page if the row is below its fold.
    row.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-step-index]');
    const position = current ? rowOf.get(Number(current.dataset.stepIndex)) : undefined;
    if (position === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    const pageSize = Math.floor((scrollRef.current?.clientHeight ?? scrollAreaHeight) / rowHeight) - 1;
    const action = timelineKeyAction(event.key, position, rows.length, pageSize);
    if (action === null) return;
    event.preventDefault();
    if ('open' in action) {
      const step = rows[position];
      if (step) onOpen(step.index);
      return;
    }
    const target = rows[action.move];
    if (!target) return;
    focusAfterRender.current = target.index;
    setFocused({ index: target.index, selectedIndex });
    virtualizer.scrollToIndex(action.move, { align: 'auto' });
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-step-index]');
    if (row) setFocused({ index: Number(row.dataset.stepIndex), selectedIndex });
  };

  // Tabbing back in lands on the selected step, not where the arrows were when the focus left.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (selectedIndex !== null && !event.currentTarget.contains(event.relatedTarget)) setFocused(null);
  };

  const waitNote = axis.waitedMs > 0 ? ` (${formatDuration(axis.waitedMs)} waiting for people, drawn short)` : '';
  return (
    <section aria-label="Timeline" className="min-w-0 rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className={`${timelineColumns} border-b border-zinc-200 px-3 py-2 text-xs font-medium text-zinc-500 sm:px-4 dark:border-zinc-800 dark:text-zinc-400`}>
        <span>Step</span>
        <span>What</span>
        {/* Two labels that never wrap: squeezed, they used to interleave ("01m s15s"). */}
        <span className="flex min-w-0 justify-between gap-2 whitespace-nowrap" title={`Run length ${formatDuration(axis.end - axis.start)}${waitNote}`}>
          <span>0 s</span>
          <span className="truncate">
            {formatDuration(axis.end - axis.start)}
            <span className="hidden lg:inline">{waitNote}</span>
          </span>
        </span>
        <span className="text-right">Duration</span>
        <span className={tokensColumn}>Tokens</span>
      </div>
      {rowCount === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-zinc-500 dark:text-zinc-400">
          {filtered ? 'No step matches these filters.' : active ? 'Waiting for the first step to commit…' : 'This run has no steps.'}
        </p>
      ) : (
        <div
          ref={scrollRef}
          role="listbox"
          className="h-[28rem] overflow-auto"
          aria-label={filtered ? `${rows.length} of ${steps.length} steps` : `${steps.length} steps`}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onBlur={onBlur}
        >
          <ol role="none" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const step = rows[item.index];
              return (
                <li key={item.key} role="none" className="absolute inset-x-0" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                  {step ? (
                    <TimelineRow
                      step={step}
                      axis={axis}
                      wait={waitsByStep.get(step.index)}
                      selected={step.index === selectedIndex}
                      tabStop={item.index === tabStop}
                      position={item.index}
                      rowCount={rows.length}
                      onOpen={onOpen}
                    />
                  ) : (
                    <InProgressRow index={(steps[steps.length - 1]?.index ?? -1) + 1} axis={axis} from={lastEnd(steps, run)} />
                  )}
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

function runAxis(run: RunView, steps: RunStepView[], now: number): TimelineAxis {
  const first = steps[0];
  const start = Date.parse(run.startedAt ?? first?.startedAt ?? run.queuedAt);
  const lastFinished = steps.reduce((latest, step) => Math.max(latest, Date.parse(step.finishedAt ?? step.startedAt)), start);
  const end = run.finishedAt ? Date.parse(run.finishedAt) : Math.max(lastFinished, now || lastFinished);
  return timelineAxis(start, end, humanWaits(steps, end));
}

function lastEnd(steps: RunStepView[], run: RunView): number {
  const last = steps[steps.length - 1];
  return Date.parse(last?.finishedAt ?? run.startedAt ?? run.queuedAt);
}

function InProgressRow({ index, axis, from }: { index: number; axis: TimelineAxis; from: number }) {
  const left = axis.position(from);
  return (
    <div role="option" aria-selected="false" aria-disabled="true" aria-label={`Step ${index}: in progress`} className={`${timelineColumns} h-full px-3 text-xs text-zinc-500 sm:px-4 dark:text-zinc-400`}>
      <span className="font-mono tabular-nums">#{index}</span>
      <span className="italic">in progress…</span>
      <span className="relative block h-3 animate-pulse rounded-sm bg-zinc-100 dark:bg-zinc-800/60">
        <span title="In progress" className="absolute inset-y-0 min-w-[3px] rounded-sm bg-sky-300 dark:bg-sky-700" style={{ left: `${left}%`, width: `${100 - left}%` }} />
      </span>
      <span className="text-right tabular-nums">{formatDuration(axis.end - from)}</span>
      <span className={tokensColumn} />
    </div>
  );
}
