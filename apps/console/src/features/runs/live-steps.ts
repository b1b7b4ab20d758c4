import type { RunStatus, RunStepView, StoredRunEvent } from '@agentloom/platform';
import type { InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';

import { runStatuses } from './run-statuses';

/**
 * Timeline rows drawn from `step-committed` events (ADR 0060): the event carries what the row
 * shows, so the row appears when the event arrives instead of one refetch later. Such a row is
 * provisional: the tail fetch that follows reads it from the database and replaces it.
 */
export type TimelineStep = RunStepView & { provisional?: true };

export interface StepsPage {
  steps: TimelineStep[];
  nextCursor: number | null;
}

const committedStepSchema = z.object({
  step: z.number().int().nonnegative(),
  stepId: z.string(),
  row: z.object({
    kind: z.string(),
    status: z.string(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    costUsd: z.number().nullable(),
    startedAt: z.string(),
    finishedAt: z.string(),
    toolCalls: z.array(z.object({ name: z.string(), status: z.string() })),
    hasError: z.boolean(),
    approval: z.string().nullable(),
  }),
});

/** The row a `step-committed` event describes; undefined for other events and for events without a row (older writers). */
export function committedStepOf(event: StoredRunEvent): TimelineStep | undefined {
  if (event.type !== 'step-committed') return undefined;
  const parsed = committedStepSchema.safeParse(event.payload);
  if (!parsed.success) return undefined;
  const { step, stepId, row } = parsed.data;
  return { id: stepId, index: step, parentStepId: null, ...row, provisional: true };
}

/**
 * Appends rows from events to the last page, only where they continue the rows held without a gap
 * and only once every page is loaded (`nextCursor === null`): anything else is left to the tail
 * fetch, which reads from the last row the database gave.
 */
export function withCommittedSteps<Cursor>(data: InfiniteData<StepsPage, Cursor> | undefined, committed: TimelineStep[]): InfiniteData<StepsPage, Cursor> | undefined {
  const last = data?.pages[data.pages.length - 1];
  if (!data || !last || last.nextCursor !== null || committed.length === 0) return data;
  let lastIndex = stepsInOrder(data.pages).at(-1)?.index ?? -1;
  const appended: TimelineStep[] = [];
  for (const step of [...committed].sort((left, right) => left.index - right.index)) {
    if (step.index !== lastIndex + 1) continue;
    appended.push(step);
    lastIndex = step.index;
  }
  if (appended.length === 0) return data;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, steps: [...last.steps, ...appended] }] };
}

/** Drops provisional rows the database has since given (a later page holds their index). */
export function withoutReplacedSteps<Cursor>(data: InfiniteData<StepsPage, Cursor> | undefined): InfiniteData<StepsPage, Cursor> | undefined {
  if (!data) return data;
  const lastFetched = lastIndexOf(data.pages, (step) => !step.provisional);
  if (lastFetched === undefined) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const steps = page.steps.filter((step) => !step.provisional || step.index > lastFetched);
    if (steps.length === page.steps.length) return page;
    changed = true;
    return { ...page, steps };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * Every row in index order, each index once: the database's rows (in order across pages, since
 * each tail fetch starts after the last of them), then the provisional rows past the last of them
 * (a provisional row the database has since given is dropped).
 */
export function stepsInOrder(pages: readonly StepsPage[]): TimelineStep[] {
  const steps: TimelineStep[] = [];
  const provisional: TimelineStep[] = [];
  for (const page of pages) {
    for (const step of page.steps) {
      if (step.provisional) provisional.push(step);
      else steps.push(step);
    }
  }
  if (provisional.length === 0) return steps;
  let lastIndex = steps[steps.length - 1]?.index ?? -1;
  for (const step of provisional.sort((left, right) => left.index - right.index)) {
    if (step.index <= lastIndex) continue;
    steps.push(step);
    lastIndex = step.index;
  }
  return steps;
}

/** The tail fetch's cursor: the last row the database gave, so provisional rows are read again. */
export function lastFetchedIndex(pages: readonly { steps: TimelineStep[] }[]): number | undefined {
  return lastIndexOf(pages, (step) => !step.provisional);
}

function lastIndexOf(pages: readonly { steps: TimelineStep[] }[], counts: (step: TimelineStep) => boolean): number | undefined {
  for (let position = pages.length - 1; position >= 0; position -= 1) {
    const steps = pages[position]?.steps ?? [];
    for (let item = steps.length - 1; item >= 0; item -= 1) if (counts(steps[item]!)) return steps[item]!.index;
  }
  return undefined;
}

/**
 * The run status the newest of these events implies, so the header changes when the event arrives;
 * undefined when none of them says (the refetch that follows fills in the rest of the run).
 */
export function statusAfter(events: readonly StoredRunEvent[]): RunStatus | undefined {
  for (let position = events.length - 1; position >= 0; position -= 1) {
    const event = events[position]!;
    if (event.type === 'run-finished') {
      const status = typeof event.payload === 'object' && event.payload !== null && !Array.isArray(event.payload) ? event.payload['status'] : undefined;
      return (runStatuses as readonly unknown[]).includes(status) ? (status as RunStatus) : undefined;
    }
    if (event.type === 'approval-requested') return 'waiting_human';
    if (event.type === 'run-waiting') return 'waiting';
    if (event.type === 'run-queued') return 'queued';
    if (event.type === 'run-started' || event.type === 'run-recovered') return 'running';
  }
  return undefined;
}
