import type { StoredRunEvent } from '@agentloom/platform';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { committedStepOf, lastFetchedIndex, statusAfter, stepsInOrder, withCommittedSteps, withoutReplacedSteps, type StepsPage, type TimelineStep } from './live-steps';

function fetched(index: number): TimelineStep {
  return {
    id: `step-${index}`,
    index,
    kind: 'model_call',
    status: 'run-again',
    parentStepId: null,
    inputTokens: 10,
    outputTokens: 5,
    costUsd: null,
    startedAt: '2026-12-02T00:00:00.000Z',
    finishedAt: '2026-12-02T00:00:01.000Z',
    toolCalls: [],
    hasError: false,
    approval: null,
  };
}

function committedEvent(seq: number, step: number, payload: Record<string, unknown> = {}): StoredRunEvent {
  return {
    seq,
    type: 'step-committed',
    createdAt: '2026-12-02T00:00:02.000Z',
    payload: {
      step,
      stepId: `committed-${step}`,
      next: 'run-again',
      checkpointBytes: 100,
      row: {
        kind: 'tool_call',
        status: 'run-again',
        inputTokens: 3,
        outputTokens: 4,
        costUsd: 0.01,
        startedAt: '2026-12-02T00:00:01.000Z',
        finishedAt: '2026-12-02T00:00:02.000Z',
        toolCalls: [{ name: 'notify', status: 'succeeded' }],
        hasError: false,
        approval: null,
      },
      ...payload,
    },
  } as unknown as StoredRunEvent;
}

function data(...pages: TimelineStep[][]): InfiniteData<StepsPage, number> {
  return { pages: pages.map((steps, position) => ({ steps, nextCursor: position === pages.length - 1 ? null : 0 })), pageParams: pages.map((_, position) => position - 1) };
}

const indexes = (steps: TimelineStep[]) => steps.map((step) => `${step.index}${step.provisional ? 'p' : ''}`);

describe('timeline rows drawn from step-committed events', () => {
  it('reads the row an event carries, and nothing from an event without one', () => {
    expect(committedStepOf(committedEvent(7, 2))).toMatchObject({ id: 'committed-2', index: 2, kind: 'tool_call', toolCalls: [{ name: 'notify', status: 'succeeded' }], provisional: true });
    // An older writer's event (no row) and other events leave the row to the refetch.
    expect(committedStepOf(committedEvent(7, 2, { row: undefined }))).toBeUndefined();
    expect(committedStepOf({ ...committedEvent(7, 2), type: 'step-started' })).toBeUndefined();
  });

  it('appends rows that continue the tail without a gap, in index order, once every page is loaded', () => {
    const rows = [3, 2, 5].map((step) => committedStepOf(committedEvent(step, step))!);
    const appended = withCommittedSteps(data([fetched(0)], [fetched(1)]), rows);
    expect(indexes(stepsInOrder(appended!.pages))).toEqual(['0', '1', '2p', '3p']);
    // A replayed event (its row is already held) adds nothing.
    expect(indexes(stepsInOrder(withCommittedSteps(appended, [committedStepOf(committedEvent(3, 3))!])!.pages))).toEqual(['0', '1', '2p', '3p']);
    // Pages still loading: the tail fetch will read the rows.
    const loading = { pages: [{ steps: [fetched(0)], nextCursor: 0 }], pageParams: [-1] };
    expect(withCommittedSteps(loading, rows)).toBe(loading);
  });

  it('reads provisional rows again and lets the database rows replace them, each index once', () => {
    const appended = withCommittedSteps(data([fetched(0), fetched(1)]), [committedStepOf(committedEvent(2, 2))!, committedStepOf(committedEvent(3, 3))!])!;
    expect(lastFetchedIndex(appended.pages)).toBe(1);
    // The tail fetch from index 1 answers 2 (3 is not committed in its snapshot yet).
    const refetched: InfiniteData<StepsPage, number> = { pages: [...appended.pages, { steps: [fetched(2)], nextCursor: null }], pageParams: [...appended.pageParams, 1] };
    expect(indexes(stepsInOrder(refetched.pages))).toEqual(['0', '1', '2', '3p']);
    // Event 3 replayed (a reconnect) is already held: not appended twice.
    expect(indexes(stepsInOrder(withCommittedSteps(refetched, [committedStepOf(committedEvent(3, 3))!])!.pages))).toEqual(['0', '1', '2', '3p']);
    const cleaned = withoutReplacedSteps(refetched)!;
    expect(cleaned.pages.map((page) => indexes(page.steps))).toEqual([['0', '1', '3p'], ['2']]);
    expect(indexes(stepsInOrder(cleaned.pages))).toEqual(['0', '1', '2', '3p']);
  });

  it('takes the header status from the newest event that implies one', () => {
    const event = (type: string, payload: Record<string, unknown> = {}) => ({ seq: 1, type, createdAt: '', payload }) as unknown as StoredRunEvent;
    expect(statusAfter([event('approval-requested'), event('step-committed')])).toBe('waiting_human');
    expect(statusAfter([event('approval-requested'), event('run-queued'), event('run-started')])).toBe('running');
    expect(statusAfter([event('run-started'), event('run-finished', { status: 'succeeded' })])).toBe('succeeded');
    expect(statusAfter([event('run-finished', { status: 'exploded' })])).toBeUndefined();
    expect(statusAfter([event('text-delta')])).toBeUndefined();
  });
});
