import type { RunView } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { compareRuns, patchRunsPages, runMatchesFilters, type RunsPage } from './live-runs-list';

const agentA = '00000000-0000-4000-8000-00000000000a';
const agentB = '00000000-0000-4000-8000-00000000000b';
const now = Date.parse('2026-12-02T12:00:00.000Z');

/** Run `n` was created `n` minutes before noon: a higher number is older, so lists show 1, 2, 3… */
function run(minutesAgo: number, overrides: Partial<RunView> = {}): RunView {
  return {
    id: `00000000-0000-7000-8000-${String(1000 - minutesAgo).padStart(12, '0')}`,
    agentId: agentA,
    agentVersionId: 'version-1',
    agentVersion: 1,
    threadId: null,
    threadTitle: null,
    status: 'running',
    input: { text: `question ${minutesAgo}` },
    output: null,
    error: null,
    attempt: 1,
    maxAttempts: 3,
    cancelRequested: false,
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, costKnown: true, toolCalls: 0, steps: 0 },
    queuedAt: new Date(now - minutesAgo * 60_000).toISOString(),
    startedAt: null,
    finishedAt: null,
    createdAt: new Date(now - minutesAgo * 60_000).toISOString(),
    retryOfRunId: null,
    rerunOfRunId: null,
    retriedByRunId: null,
    forkOf: null,
    forks: [],
    schedule: null,
    budget: { request: null, version: null },
    budgetPause: null,
    repeat: {
      retry: { allowed: false, refusedBy: 'status', reason: 'not ended' },
      rerun: { allowed: true, refusedBy: null, reason: null },
      fork: { allowed: false, refusedBy: 'status', reason: 'running' },
    },
    ...overrides,
  };
}

function ids(pages: RunsPage[] | undefined): string[][] | undefined {
  return pages?.map((page) => page.runs.map((candidate) => candidate.id));
}

const [one, two, three, four, five] = [run(1), run(2), run(3), run(4), run(5)];

describe('runMatchesFilters', () => {
  it('applies status, agent, version, thread and time filters as the database does', () => {
    expect(runMatchesFilters(one, { status: 'running' }, now)).toBe(true);
    expect(runMatchesFilters(one, { status: 'failed' }, now)).toBe(false);
    expect(runMatchesFilters(one, { agentId: agentB }, now)).toBe(false);
    expect(runMatchesFilters(one, { agentVersion: 2 }, now)).toBe(false);
    expect(runMatchesFilters(one, { threadId: agentB }, now)).toBe(false);
    expect(runMatchesFilters(run(90), { within: '1h' }, now)).toBe(false);
    expect(runMatchesFilters(run(30), { within: '1h' }, now)).toBe(true);
    expect(runMatchesFilters(run(30), { from: '2026-12-02T11:45:00Z' }, now)).toBe(false);
    expect(runMatchesFilters(run(30), { to: '2026-12-02T11:30:00Z' }, now)).toBe(false);
    expect(runMatchesFilters(run(31), { to: '2026-12-02T11:30:00Z' }, now)).toBe(true);
  });

  it('searches the id and the input text case-insensitively, and cannot tell for another input shape', () => {
    expect(runMatchesFilters(run(1, { input: { text: 'Weather in Paris' } }), { search: 'paris' }, now)).toBe(true);
    expect(runMatchesFilters(run(1, { input: { text: 'Weather in Paris' } }), { search: 'rome' }, now)).toBe(false);
    expect(runMatchesFilters(one, { search: one.id.slice(-6) }, now)).toBe(true);
    expect(runMatchesFilters(run(1, { input: { city: 'Paris' } }), { search: 'paris' }, now)).toBe('unknown');
  });
});

describe('patchRunsPages', () => {
  const pages: RunsPage[] = [
    { runs: [two, three], nextCursor: three.id },
    { runs: [four], nextCursor: null },
  ];

  it('updates a changed run in place', () => {
    const finished = { ...three, status: 'succeeded' as const };
    const patched = patchRunsPages(pages, {}, { runIds: [three.id], runs: [finished] }, now);
    expect(ids(patched)).toEqual([[two.id, three.id], [four.id]]);
    expect(patched?.[0]?.runs[1]?.status).toBe('succeeded');
    expect(patched?.[0]?.nextCursor).toBe(three.id);
  });

  it('drops a run that no longer matches the filter, and keeps the cursor', () => {
    const finished = { ...three, status: 'succeeded' as const };
    const patched = patchRunsPages(pages, { status: 'running' }, { runIds: [three.id], runs: [finished] }, now);
    expect(ids(patched)).toEqual([[two.id], [four.id]]);
    expect(patched?.[0]?.nextCursor).toBe(three.id);
  });

  it('puts a new matching run at the top, and one that sorts between loaded rows at its place', () => {
    const patched = patchRunsPages(pages, {}, { runIds: [one.id], runs: [one] }, now);
    expect(ids(patched)).toEqual([[one.id, two.id, three.id], [four.id]]);
    const between = run(3.5);
    expect(ids(patchRunsPages(pages, {}, { runIds: [between.id], runs: [between] }, now))).toEqual([
      [two.id, three.id],
      [between.id, four.id],
    ]);
  });

  it('breaks creation-time ties by id, newest id first', () => {
    const twin = { ...two, id: two.id.replace(/.$/, 'f') };
    expect(compareRuns(twin, two)).toBeLessThan(0);
    expect(ids(patchRunsPages(pages, {}, { runIds: [twin.id], runs: [twin] }, now))).toEqual([[twin.id, two.id, three.id], [four.id]]);
  });

  it('lets a run that newly matches the filter enter, and keeps out one that does not', () => {
    const waiting = [{ runs: [two], nextCursor: null }];
    const nowWaiting = { ...three, status: 'waiting_human' as const };
    const stillRunning = { ...four };
    const patched = patchRunsPages(waiting, { status: 'waiting_human' }, { runIds: [three.id, four.id], runs: [nowWaiting, stillRunning] }, now);
    expect(ids(patched)).toEqual([[two.id, three.id]]);
    const otherAgent = run(0.5, { agentId: agentB });
    expect(ids(patchRunsPages(waiting, { agentId: agentA }, { runIds: [otherAgent.id], runs: [otherAgent] }, now))).toEqual([[two.id]]);
  });

  it('leaves a run older than every loaded row to "Load more" when more pages follow, and appends it when none do', () => {
    const more = [{ runs: [two, three], nextCursor: three.id }];
    expect(ids(patchRunsPages(more, {}, { runIds: [five.id], runs: [five] }, now))).toEqual([[two.id, three.id]]);
    const all = [{ runs: [two, three], nextCursor: null }];
    expect(ids(patchRunsPages(all, {}, { runIds: [five.id], runs: [five] }, now))).toEqual([[two.id, three.id, five.id]]);
  });

  it('removes an erased run, but refetches when the erased run is the cursor of the next load', () => {
    expect(ids(patchRunsPages(pages, {}, { runIds: [two.id], runs: [] }, now))).toEqual([[three.id], [four.id]]);
    const more = [{ runs: [two, three], nextCursor: three.id }];
    expect(patchRunsPages(more, {}, { runIds: [three.id], runs: [] }, now)).toBeUndefined();
  });

  it('refetches when a search cannot be told in the browser for a run it does not hold, and keeps one it holds', () => {
    const jsonInput = run(1, { input: { city: 'Paris' } });
    expect(patchRunsPages(pages, { search: 'paris' }, { runIds: [jsonInput.id], runs: [jsonInput] }, now)).toBeUndefined();
    const held = [{ runs: [{ ...jsonInput }], nextCursor: null }];
    const finished = { ...jsonInput, status: 'succeeded' as const };
    const patched = patchRunsPages(held, { search: 'paris' }, { runIds: [jsonInput.id], runs: [finished] }, now);
    expect(patched?.[0]?.runs[0]?.status).toBe('succeeded');
  });

  it('ignores rows of runs the message does not name', () => {
    expect(ids(patchRunsPages(pages, {}, { runIds: [], runs: [one] }, now))).toEqual([[two.id, three.id], [four.id]]);
  });
});
