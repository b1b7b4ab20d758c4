import type { ListRunsInput, RunView } from '@agentloom/platform';

import { patchListPages } from '../activity/patch-list-pages';

/** A page of `runs.list`. */
export interface RunsPage {
  runs: RunView[];
  nextCursor: string | null;
}

const windowMilliseconds: Record<NonNullable<ListRunsInput['within']>, number> = {
  '1h': 3_600_000,
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
};

/**
 * Whether `run` belongs in a list with these filters — the browser's copy of `selectRunPage`'s
 * conditions. `unknown` when the browser cannot tell the way the database does: a search on an
 * input that is not `{ text }` (the database matches its JSON text, whose spacing the browser
 * does not reproduce).
 */
export function runMatchesFilters(run: RunView, input: ListRunsInput, now: number): boolean | 'unknown' {
  if (input.status !== undefined && run.status !== input.status) return false;
  if (input.agentId !== undefined && run.agentId !== input.agentId) return false;
  if (input.agentVersion !== undefined && run.agentVersion !== input.agentVersion) return false;
  if (input.threadId !== undefined && run.threadId !== input.threadId) return false;
  const createdAt = Date.parse(run.createdAt);
  if (input.within !== undefined && createdAt < now - windowMilliseconds[input.within]) return false;
  if (input.from !== undefined && createdAt < Date.parse(input.from)) return false;
  if (input.to !== undefined && createdAt >= Date.parse(input.to)) return false;
  if (input.search === undefined) return true;
  const search = input.search.trim().toLowerCase();
  if (run.id.toLowerCase().includes(search)) return true;
  const text = inputText(run.input);
  return text === undefined ? 'unknown' : text.toLowerCase().includes(search);
}

/** `input ->> 'text'` when it is a string. */
function inputText(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const text = (input as Record<string, unknown>)['text'];
  return typeof text === 'string' ? text : undefined;
}

/** Newest first by creation, then by id: the database's `ORDER BY created_at DESC, id DESC`. */
export function compareRuns(left: RunView, right: RunView): number {
  const byCreation = Date.parse(right.createdAt) - Date.parse(left.createdAt);
  if (byCreation !== 0) return byCreation;
  return left.id < right.id ? 1 : left.id > right.id ? -1 : 0;
}

/**
 * The runs list's pages after the runs `changedRunIds` changed, given their rows now (`runs`; a
 * changed run missing there was erased): a run that still matches the filters is updated in place,
 * one that no longer matches (or was erased) leaves, one that newly matches enters where the order
 * puts it. Undefined when the list cannot be patched and must refetch.
 */
export function patchRunsPages(
  pages: readonly RunsPage[],
  input: ListRunsInput,
  change: { runIds: readonly string[]; runs: readonly RunView[] },
  now: number,
): RunsPage[] | undefined {
  const changed = new Set(change.runIds);
  const present = new Set(change.runs.map((run) => run.id));
  const loaded = new Set(pages.flatMap((page) => page.runs.map((run) => run.id)));
  const incoming: RunView[] = [];
  for (const run of change.runs) {
    if (!changed.has(run.id)) continue;
    const matches = runMatchesFilters(run, input, now);
    // A run the list holds matched the search once, and the id and input it matched never change.
    if (matches === 'unknown' && !loaded.has(run.id)) return undefined;
    if (matches !== false) incoming.push(run);
  }
  const hasMore = (pages.at(-1)?.nextCursor ?? null) !== null;
  const patched = patchListPages(
    pages.map((page) => page.runs),
    hasMore,
    {
      idOf: (run) => run.id,
      compare: compareRuns,
      affected: (run) => changed.has(run.id),
      incoming,
      // The cursor is a run id the server looks up: an erased run's no longer resolves.
      cursorBreaks: (run) => !present.has(run.id),
    },
  );
  return patched?.map((runs, index) => ({ runs, nextCursor: pages[index]?.nextCursor ?? null }));
}
