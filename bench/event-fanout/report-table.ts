import { percentile } from '../dispatch/statistics';
import type { FanoutResult } from './measure-fanout';
import type { ReplayResult } from './measure-replay';

export interface ModeResults {
  mode: string;
  fanout: FanoutResult[];
  replay: ReplayResult;
}

/** Markdown tables, so the output can be pasted into the README as is; `byType` adds first-subscriber latency and spread per event type. */
export function formatTables(results: readonly ModeResults[], byType = false): string {
  const fanoutRows = results.flatMap(({ mode, fanout }) =>
    fanout.map((row) => [
      mode,
      String(row.subscribers),
      String(row.latenciesMs.length),
      percentile(row.latenciesMs, 50).toFixed(0),
      percentile(row.latenciesMs, 99).toFixed(0),
      Math.max(...row.latenciesMs).toFixed(0),
      row.warmupRoundMaxMs.map((value) => value.toFixed(0)).join(', ') || '—',
      row.roundMaxMs.map((value) => value.toFixed(0)).join(', '),
      String(row.incompleteSubscribers),
    ]),
  );
  const replayRows = results.map(({ mode, replay }) => [
    mode,
    String(replay.events),
    percentile(replay.durationsMs, 50).toFixed(0),
    ((replay.events / percentile(replay.durationsMs, 50)) * 1000).toFixed(0),
    percentile(replay.jsonPagingMs, 50).toFixed(0),
  ]);
  const breakdownRows = results.flatMap(({ mode, fanout }) =>
    fanout.map((row) => [
      mode,
      String(row.subscribers),
      row.notifyMs.length > 0 ? `${percentile(row.notifyMs, 50).toFixed(0)} / ${percentile(row.notifyMs, 99).toFixed(0)}` : '—',
      `${percentile(row.firstMs, 50).toFixed(0)} / ${percentile(row.firstMs, 99).toFixed(0)}`,
      `${percentile(row.spreadMs, 50).toFixed(0)} / ${percentile(row.spreadMs, 99).toFixed(0)}`,
      `${row.clientLoopDelayP99Ms.toFixed(0)} / ${row.clientLoopDelayMaxMs.toFixed(0)}`,
      (row.clientCpuMs.reduce((total, value) => total + value, 0) / row.clientCpuMs.length).toFixed(0),
      `${percentile(row.runFinishedMs, 50).toFixed(0)} / ${percentile(row.runFinishedMs, 99).toFixed(0)}`,
    ]),
  );
  const byTypeRows = results.flatMap(({ mode, fanout }) =>
    fanout.flatMap((row) =>
      [...row.byTypeMs].map(([type, samples]) => [
        mode,
        String(row.subscribers),
        type,
        String(samples.first.length),
        `${percentile(samples.first, 50).toFixed(0)} / ${Math.max(...samples.first).toFixed(0)}`,
        `${percentile(samples.spread, 50).toFixed(0)} / ${Math.max(...samples.spread).toFixed(0)}`,
      ]),
    ),
  );
  return [
    ...(byType ? [markdown(['mode', 'subscribers', 'event type', 'samples', 'first subscriber ms p50 / max', 'first → last ms p50 / max'], byTypeRows)] : []),
    markdown(
      [
        'mode',
        'subscribers',
        'NOTIFY heard ms p50 / p99',
        'first subscriber ms p50 / p99',
        'first → last subscriber ms p50 / p99',
        'client loop delay ms p99 / max',
        'client CPU ms per round',
        'run-finished ms p50 / p99',
      ],
      breakdownRows,
    ),
    markdown(['mode', 'subscribers', 'samples', 'p50 commit→client ms', 'p99 ms', 'max ms', 'warm-up round max ms (not counted)', 'max ms per round', 'subscribers with gaps'], fanoutRows),
    markdown(['mode', 'events replayed', 'SSE replay ms (median)', 'events/s', 'JSON paging ms (median, 1000/page)'], replayRows),
  ].join('\n\n');
}

function markdown(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
