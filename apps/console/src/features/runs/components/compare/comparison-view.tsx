import type { AlignedPair, ComparedRun, ComparedStep, ComparedToolCall, RunComparison } from '@agentloom/platform';
import type { Route } from 'next';
import Link from 'next/link';
import { useEffect, useRef, type ReactNode } from 'react';
import { cardStyles } from '~/components/button-styles';
import { formatCount, formatDuration } from '~/components/format';
import { useAgentNames } from '~/features/agents/hooks/use-agent-names';
import { formatCostDifference, formatRunCost } from '~/features/runs/components/compare/compared-cost';
import { RunStatusBadge } from '~/features/runs/components/run-status-badge';
import { runText } from '~/features/runs/run-text';

const changedRow = 'bg-amber-50 dark:bg-amber-950/30';
const focusedRow = 'outline-2 -outline-offset-2 outline-brand-600';

/**
 * Two runs side by side: facts, the usage difference, then steps and tool calls aligned.
 * `focusStep` (a step index of the right run) marks that step's row and scrolls it into view.
 */
export function ComparisonView({ comparison, focusStep = null }: { comparison: RunComparison; focusStep?: number | null }) {
  const { left, right, difference } = comparison;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <RunFacts side="Left" compared={left} />
        <RunFacts side="Right" compared={right} />
      </div>
      <section aria-label="Difference" className={`${cardStyles} p-4 text-sm`}>
        <h2 className="text-sm font-semibold">Difference (right − left)</h2>
        <p className="mt-1 text-zinc-600 dark:text-zinc-300">
          {comparison.sameInput ? 'Same input.' : 'Different inputs.'}{' '}
          {comparison.sameAgent ? `Versions v${left.agentVersion} and v${right.agentVersion}.` : 'Different agents.'}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="comparison-difference">
          <Delta label="Input tokens" value={formatSigned(difference.inputTokens, formatCount)} />
          <Delta label="Output tokens" value={formatSigned(difference.outputTokens, formatCount)} />
          <Delta label="Cost" value={formatCostDifference(left.run.usage, right.run.usage, difference.costUsd)} />
          <Delta label="Model calls" value={formatSigned(difference.modelCalls, formatCount)} />
          <Delta label="Tool calls" value={formatSigned(difference.toolCalls, formatCount)} />
          <Delta label="Steps" value={formatSigned(difference.steps, formatCount)} />
          <Delta
            label="Duration"
            value={difference.durationMs === null ? 'not started' : formatSigned(difference.durationMs, (value) => formatDuration(value))}
          />
        </dl>
      </section>
      <AlignedTable
        title="Tool calls"
        rows={comparison.toolCalls}
        render={(call: ComparedToolCall) => (
          <>
            <span className="font-mono">{call.name}</span> <span className="text-xs text-zinc-600 dark:text-zinc-300">{call.status}</span>
            <span className="block truncate font-mono text-xs text-zinc-600 dark:text-zinc-300">{JSON.stringify(call.arguments)}</span>
          </>
        )}
      />
      {focusStep !== null ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="comparison-focus">
          Opened at step {focusStep} of the right run: where it first diverged.
        </p>
      ) : null}
      <AlignedTable
        title="Steps"
        rows={comparison.steps}
        isFocused={(row) => focusStep !== null && row.right?.index === focusStep}
        render={(step: ComparedStep) => (
          <>
            <span className="tabular-nums">#{step.index}</span> {step.kind.replaceAll('_', ' ')}
            {step.toolNames.length > 0 ? <span className="font-mono text-xs"> → {step.toolNames.join(', ')}</span> : null}
          </>
        )}
      />
      {left.truncated || right.truncated ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">Only the first 500 steps and tool calls of each run are compared.</p>
      ) : null}
    </div>
  );
}

function formatSigned(value: number, format: (value: number) => string): string {
  if (value === 0) return '±0';
  return value > 0 ? `+${format(value)}` : `−${format(-value)}`;
}

function RunFacts({ side, compared }: { side: string; compared: ComparedRun }) {
  const agentNames = useAgentNames();
  const { run } = compared;
  return (
    <section aria-label={`${side} run`} className={`${cardStyles} space-y-2 p-4 text-sm`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{side}</h2>
        <Link href={`/runs/${run.id}` as Route} className="font-mono text-xs text-brand-700 hover:underline dark:text-brand-400">
          {run.id}
        </Link>
        <RunStatusBadge status={run.status} />
      </div>
      <p>
        {agentNames.get(run.agentId) ?? 'Agent'} <span className="font-medium">v{compared.agentVersion}</span>
      </p>
      <Fact label="Input">{runText(run.input)}</Fact>
      <Fact label="Outcome">{run.error ? `${run.error.kind}: ${run.error.message}` : run.output === null ? 'No answer.' : runText(run.output)}</Fact>
      <p className="text-xs text-zinc-600 dark:text-zinc-300">
        {formatCount(run.usage.inputTokens)} / {formatCount(run.usage.outputTokens)} tokens ·{' '}
        <span data-cost={run.usage.costKnown ? 'known' : 'unknown'} title={run.usage.costKnown ? undefined : 'A model of this run has no prices configured'}>
          {formatRunCost(run.usage)}
        </span>{' '}
        · {formatDuration(compared.durationMs)}
      </p>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <span className="text-xs text-zinc-600 dark:text-zinc-300">{label}</span>
      <p className="max-h-24 overflow-auto whitespace-pre-wrap">{children}</p>
    </div>
  );
}

function Delta({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-300">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function AlignedTable<Item>({
  title,
  rows,
  render,
  isFocused = () => false,
}: {
  title: string;
  rows: AlignedPair<Item>[];
  render: (item: Item) => ReactNode;
  isFocused?: (row: AlignedPair<Item>) => boolean;
}) {
  const changed = rows.filter((row) => !row.same).length;
  const focused = useRef<HTMLTableRowElement>(null);
  const focusedIndex = rows.findIndex(isFocused);
  useEffect(() => {
    focused.current?.scrollIntoView({ block: 'center' });
  }, [focusedIndex]);
  return (
    <section aria-label={title} className={`${cardStyles} overflow-hidden`}>
      <h2 className="border-b border-zinc-200 px-4 py-2 text-sm font-semibold dark:border-zinc-800">
        {title}{' '}
        <span className="font-normal text-zinc-600 dark:text-zinc-300">
          ({rows.length === 0 ? 'none' : changed === 0 ? 'the same' : `${changed} of ${rows.length} differ`})
        </span>
      </h2>
      <table className="w-full table-fixed text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Left</th>
            <th scope="col">Right</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={index}
              ref={index === focusedIndex ? focused : undefined}
              data-same={row.same}
              aria-current={index === focusedIndex ? 'step' : undefined}
              className={`${row.same ? '' : changedRow} ${index === focusedIndex ? focusedRow : ''}`}
            >
              <td className="border-t border-zinc-200 px-4 py-1.5 align-top dark:border-zinc-800">
                {row.left ? render(row.left) : <span className="text-zinc-600 italic dark:text-zinc-300">—</span>}
              </td>
              <td className="border-t border-l border-zinc-200 px-4 py-1.5 align-top dark:border-zinc-800">
                {row.right ? render(row.right) : <span className="text-zinc-600 italic dark:text-zinc-300">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
