import type { RunView, ThreadMessageView } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { groupByRun } from './thread-conversation-groups';

const message = (id: string, runId: string): ThreadMessageView => ({
  id,
  runId,
  index: 0,
  stepId: null,
  role: 'user',
  kind: 'message',
  content: id,
  toolCalls: null,
  toolCallId: null,
  toolName: null,
  isError: false,
  memoryItemIds: [],
  createdAt: '',
});
const run = (id: string, queuedAt: string): RunView => ({ id, queuedAt, status: 'queued' }) as RunView;

describe('groupByRun', () => {
  const runs = new Map([
    ['run-a', run('run-a', '2026-01-01T00:00:00.000Z')],
    ['run-b', run('run-b', '2026-01-01T00:01:00.000Z')],
    ['run-d', run('run-d', '2026-01-01T00:04:00.000Z')],
    ['run-c', run('run-c', '2026-01-01T00:03:00.000Z')],
  ]);

  it('groups consecutive messages of one run under that run', () => {
    const groups = groupByRun([message('1', 'run-a'), message('2', 'run-a'), message('3', 'run-b')], runs, false);
    expect(groups.map((group) => [group.runId, group.messages.map((item) => item.id)])).toEqual([
      ['run-a', ['1', '2']],
      ['run-b', ['3']],
    ]);
    expect(groups[0]?.run?.queuedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('appends runs without messages, oldest first, only once the whole conversation is loaded', () => {
    const loaded = [message('1', 'run-a'), message('3', 'run-b')];
    expect(groupByRun(loaded, runs, true).map((group) => group.runId)).toEqual(['run-a', 'run-b', 'run-c', 'run-d']);
    expect(groupByRun(loaded, runs, false).map((group) => group.runId)).toEqual(['run-a', 'run-b']);
  });

  it('keeps a run whose details are not loaded (beyond the runs page) as a bare boundary', () => {
    expect(groupByRun([message('1', 'run-x')], new Map(), true)).toEqual([{ runId: 'run-x', run: undefined, messages: [message('1', 'run-x')] }]);
  });
});
