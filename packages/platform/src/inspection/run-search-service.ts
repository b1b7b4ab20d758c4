import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { parseInput } from '../validation/parse-input';
import { searchRunInputSchema, type SearchRunInput } from './inspection.schema';
import { assertRunVisible } from './run-access';
import { containsPattern, selectRunSearchRows } from './run-search-sql';

/** One place in a run where the text occurs. */
export interface RunSearchHit {
  source: 'message' | 'tool-call' | 'event';
  /** Message id, tool call ledger id, or event seq (as text). */
  id: string;
  /** The step it belongs to, when it belongs to one (run-level events do not). */
  stepIndex: number | null;
  /** What it is: `assistant`, `tool · web_fetch`, `web_fetch · failed`, `step-committed`. */
  label: string;
  /** Up to ~160 characters around the first match. */
  excerpt: string;
}

const excerptRadius = 70;

/** Search inside one run: its messages, its tool-call ledger (name, arguments, result, error) and its event log. */
export class RunSearchService {
  constructor(private readonly database: Database) {}

  async search(principal: Principal, rawInput: SearchRunInput): Promise<{ hits: RunSearchHit[]; truncated: { message: boolean; 'tool-call': boolean; event: boolean } }> {
    const input = parseInput(searchRunInputSchema, rawInput);
    const { prisma } = this.database;
    await assertRunVisible(prisma, principal, input.runId);
    const rows = await selectRunSearchRows(prisma, {
      tenantId: principal.tenantId,
      runId: input.runId,
      pattern: containsPattern(input.query),
      sources: input.sources,
      limit: input.limit,
      textLimit: 20_000,
    });
    const truncated = { message: false, 'tool-call': false, event: false };
    const kept: typeof rows = [];
    const perSource = new Map<string, number>();
    for (const row of rows) {
      const count = (perSource.get(row.source) ?? 0) + 1;
      perSource.set(row.source, count);
      if (count > input.limit) truncated[row.source] = true;
      else kept.push(row);
    }
    const hits = kept.map((row) => ({ source: row.source, id: row.id, stepIndex: row.step_index, label: row.label, excerpt: excerptAround(row.text, input.query) }));
    // Run order across sources: by step, then messages, calls and events of that step.
    hits.sort((left, right) => (left.stepIndex ?? Number.MAX_SAFE_INTEGER) - (right.stepIndex ?? Number.MAX_SAFE_INTEGER));
    return { hits, truncated };
  }
}

/** The text around the first case-insensitive occurrence, with ellipses where it was cut. */
export function excerptAround(text: string, query: string): string {
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  const flat = (value: string) => value.replace(/\s+/g, ' ');
  if (at < 0) return flat(text.slice(0, excerptRadius * 2));
  const start = Math.max(0, at - excerptRadius);
  const end = Math.min(text.length, at + query.length + excerptRadius);
  return `${start > 0 ? '…' : ''}${flat(text.slice(start, end))}${end < text.length ? '…' : ''}`;
}
