import { describe, expect, it } from 'vitest';

import { AgentLoomApiError } from './api-error.ts';
import { createClient } from './client.ts';
import { createOperatorClient } from './operator-client.ts';
import { pathSegment } from './path-segment.ts';

/** A client whose fetch records each URL and answers `{}`: a refused id must send nothing. */
function recordingClients() {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = (url) => {
    urls.push(url instanceof Request ? url.url : url.toString());
    return Promise.resolve(Response.json({ waits: [], feedback: [] }));
  };
  return {
    urls,
    client: createClient({ baseUrl: 'http://console.test', apiKey: 'al_x_y', fetch }),
    operator: createOperatorClient({ baseUrl: 'http://console.test', operatorKey: 'alop_x', fetch }),
  };
}

async function refusal(call: () => Promise<unknown>): Promise<AgentLoomApiError> {
  // A rejected promise, never a synchronous throw: `.catch()` chains see it too.
  let pending: Promise<unknown> | undefined;
  expect(() => {
    pending = call();
  }).not.toThrow();
  const error = await pending!.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AgentLoomApiError);
  return error as AgentLoomApiError;
}

describe('ids in resource paths', () => {
  it('refuses ".", ".." and "" before sending, instead of letting the URL parser climb out of the resource', async () => {
    // Before: runs.get('.') fetched the run list, runs.cancel('..') posted to /api/v1/cancel and
    // evaluations.addRuns('..') posted to POST /api/v1/runs.
    const { client, urls } = recordingClients();
    const get = await refusal(() => client.runs.get('.'));
    const cancel = await refusal(() => client.runs.cancel('..'));
    const addRuns = await refusal(() => client.evaluations.addRuns('..', { runIds: [] }));
    const empty = await refusal(() => client.threads.get(''));

    expect([get, cancel, addRuns, empty].map(({ kind, field, status }) => ({ kind, field, status }))).toEqual([
      { kind: 'validation', field: 'runId', status: 0 },
      { kind: 'validation', field: 'runId', status: 0 },
      { kind: 'validation', field: 'name', status: 0 },
      { kind: 'validation', field: 'threadId', status: 0 },
    ]);
    expect(cancel.message).toContain('runId');
    expect(urls).toEqual([]);
  });

  it('every method that puts an id in the path refuses a dot segment', async () => {
    const { client, operator, urls } = recordingClients();
    const id = '..';
    const calls: [string, () => Promise<unknown>][] = [
      ['runs.get', () => client.runs.get(id)],
      ['runs.cancel', () => client.runs.cancel(id)],
      ['runs.resume', () => client.runs.resume(id)],
      ['runs.compare', () => client.runs.compare(id, 'other')],
      ['runs.retry', () => client.runs.retry(id)],
      ['runs.recordFeedback', () => client.runs.recordFeedback(id, { label: 'good' })],
      ['runs.listFeedback', () => client.runs.listFeedback(id)],
      ['runs.rerun', () => client.runs.rerun(id)],
      ['runs.fork', () => client.runs.fork(id, { stepIndex: 0 })],
      ['runs.messages', () => client.runs.messages(id)],
      ['runs.events', () => client.runs.events(id)],
      ['runs.stream', () => client.runs.stream(id).next()],
      ['approvals.approve', () => client.approvals.approve(id)],
      ['approvals.reject', () => client.approvals.reject(id, 'no')],
      ['events.waits', () => client.events.waits(id)],
      ['batches.get', () => client.batches.get(id)],
      ['batches.items', () => client.batches.items(id)],
      ['batches.cancel', () => client.batches.cancel(id)],
      ['batches.retryFailed', () => client.batches.retryFailed(id)],
      ['batches.export', () => client.batches.export(id)],
      ['threads.get', () => client.threads.get(id)],
      ['threads.rename', () => client.threads.rename(id, 'title')],
      ['threads.archive', () => client.threads.archive(id)],
      ['threads.messages', () => client.threads.messages(id)],
      ['memories.get', () => client.memories.get(id)],
      ['memories.forget', () => client.memories.forget(id)],
      ['memories.pin', () => client.memories.pin(id)],
      ['memories.unpin', () => client.memories.unpin(id)],
      ['agents.get', () => client.agents.get(id)],
      ['agents.saveVersion', () => client.agents.saveVersion(id, { config: {} })],
      ['agents.archive', () => client.agents.archive(id)],
      ['agents.unarchive', () => client.agents.unarchive(id)],
      ['agents.feedback', () => client.agents.feedback(id)],
      ['evaluations.getDataset', () => client.evaluations.getDataset(id)],
      ['evaluations.addRuns', () => client.evaluations.addRuns(id, { runIds: [] })],
      ['evaluations.importCases', () => client.evaluations.importCases(id, '')],
      ['evaluations.getExperiment', () => client.evaluations.getExperiment(id)],
      ['evaluations.waitForExperiment', () => client.evaluations.waitForExperiment(id)],
      ['schedules.get', () => client.schedules.get(id)],
      ['schedules.update', () => client.schedules.update(id, {})],
      ['schedules.pause', () => client.schedules.pause(id)],
      ['schedules.resume', () => client.schedules.resume(id)],
      ['schedules.delete', () => client.schedules.delete(id)],
      ['schedules.preview', () => client.schedules.preview(id)],
      ['tenants.get', () => operator.tenants.get(id)],
      ['tenants.update', () => operator.tenants.update(id, {})],
      ['tenants.suspend', () => operator.tenants.suspend(id)],
      ['tenants.resume', () => operator.tenants.resume(id)],
      ['tenants.erase', () => operator.tenants.erase(id, 'acme')],
      ['tenants.mintAdminKey', () => operator.tenants.mintAdminKey(id)],
    ];
    const kinds: Record<string, string> = {};
    for (const [name, call] of calls) kinds[name] = (await refusal(call)).kind;

    expect(kinds).toEqual(Object.fromEntries(calls.map(([name]) => [name, 'validation'])));
    expect(urls).toEqual([]);
  });

  it('percent-encodes any other id into one segment', async () => {
    const { client, urls } = recordingClients();
    await client.runs.get('a/../b?c#d');
    await client.runs.get('...');
    await client.evaluations.getDataset('.hidden');

    expect(urls).toEqual([
      'http://console.test/api/v1/runs/a%2F..%2Fb%3Fc%23d',
      'http://console.test/api/v1/runs/...',
      'http://console.test/api/v1/datasets/.hidden',
    ]);
    expect(pathSegment('runId', 'x y')).toBe('x%20y');
  });
});
