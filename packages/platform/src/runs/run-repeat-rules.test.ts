import { describe, expect, it } from 'vitest';

import { repeatPermissions, type RepeatFacts } from './run-repeat-rules';

const facts: RepeatFacts = {
  runId: 'run-1',
  status: 'failed',
  input: { text: 'task' },
  replayExperimentId: null,
  agentId: 'agent-1',
  agentArchived: false,
  threadId: 'thread-1',
  threadArchived: false,
  retriedByRunId: null,
  batchId: null,
  batchCancelled: false,
};

const rules = (changes: Partial<RepeatFacts>) => {
  const { retry, rerun, fork } = repeatPermissions({ ...facts, ...changes });
  return { retry: retry.refusedBy, rerun: rerun.refusedBy, fork: fork.refusedBy };
};

describe('repeat rules', () => {
  it('refuse in the order the services check: the run itself, then its status, then its agent, then its thread', () => {
    expect(rules({})).toEqual({ retry: null, rerun: null, fork: null });
    expect(rules({ replayExperimentId: 'experiment-1', status: 'running', agentArchived: true, threadArchived: true })).toEqual({
      retry: 'replay',
      rerun: 'replay',
      fork: 'replay',
    });
    expect(rules({ input: { city: 'Paris' } })).toEqual({ retry: 'input', rerun: 'input', fork: 'input' });
    expect(rules({ status: 'running', agentArchived: true })).toEqual({ retry: 'status', rerun: 'archived-agent', fork: 'status' });
    expect(rules({ agentArchived: true, threadArchived: true })).toEqual({ retry: 'archived-agent', rerun: 'archived-agent', fork: 'archived-agent' });
  });

  it('refuse only the retry of a run whose thread is archived (a re-run and a fork have no thread)', () => {
    expect(rules({ threadArchived: true })).toEqual({ retry: 'archived-thread', rerun: null, fork: null });
    expect(rules({ threadId: null, threadArchived: true })).toEqual({ retry: null, rerun: null, fork: null });
  });

  it('refuse only the retry of an item of a cancelled batch (a re-run and a fork are runs outside the batch)', () => {
    expect(rules({ threadId: null, batchId: 'batch-1', batchCancelled: true })).toEqual({ retry: 'cancelled-batch', rerun: null, fork: null });
    expect(rules({ threadId: null, batchId: 'batch-1' })).toEqual({ retry: null, rerun: null, fork: null });
    expect(rules({ threadId: null, batchId: 'batch-1', batchCancelled: true, agentArchived: true }).retry).toBe('archived-agent');
  });

  it('allow asking again to retry a run that was retried: the server answers the existing retry', () => {
    expect(rules({ retriedByRunId: 'run-2', agentArchived: true, threadArchived: true }).retry).toBeNull();
    expect(rules({ retriedByRunId: 'run-2', replayExperimentId: 'experiment-1' }).retry).toBe('replay');
  });
});
