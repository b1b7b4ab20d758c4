import { percentile } from '../dispatch/statistics';
import type { FanoutResult } from './measure-fanout';
import type { ReplayResult } from './measure-replay';

export interface ModeResults {
  mode: string;
  fanout: FanoutResult[];
  replay: ReplayResult;
}

/** Markdown tables, so the output can be pasted into the README as is. */
export function formatTables(results: readonly ModeResults[]): string {
  const fanoutRows = results.flatMap(({ mode, fanout }) =>
    fanout.map((row) => [
      mode,
      String(row.subscribers),
      String(row.latenciesMs.length),
      percentile(row.latenciesMs, 50).toFixed(0),
      percentile(row.latenciesMs, 99).toFixed(0),
      Math.max(...row.latenciesMs).toFixed(0),
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
  return [
    markdown(['mode', 'subscribers', 'samples', 'p50 commit→client ms', 'p99 ms', 'max ms', 'subscribers with gaps'], fanoutRows),
    markdown(['mode', 'events replayed', 'SSE replay ms (median)', 'events/s', 'JSON paging ms (median, 1000/page)'], replayRows),
  ].join('\n\n');
}

function markdown(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
