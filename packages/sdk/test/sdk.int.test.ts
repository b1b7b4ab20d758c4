import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AgentLoomApiError, createClient, type AgentLoomClient, type RunEvent } from '../src/index.ts';
import { interruptingFetch } from './interrupting-fetch';
import { startLiveConsole, type LiveConsole } from './live-console';

/** The SDK against the production console over real HTTP, on a fresh seeded data directory. */
let live: LiveConsole;
let client: AgentLoomClient;
const unknownId = '0190f5c4-0000-7000-8000-000000000000';

beforeAll(async () => {
  live = await startLiveConsole('sdk');
  client = createClient({ baseUrl: live.baseUrl, apiKey: live.seeded.adminKey });
}, 600_000);

afterAll(async () => {
  await live?.stop();
});

async function approveWhenAsked(sdk: AgentLoomClient, runId: string, event: RunEvent): Promise<void> {
  if (event.type !== 'approval-requested') return;
  const { approvals } = await sdk.approvals.list({ runId, status: 'pending' });
  await sdk.approvals.approve(approvals[0]!.id);
}

describe('runs', () => {
  it('streams a run through an approval, resuming after a dropped connection with no gap and no duplicate', async () => {
    const flaky = interruptingFetch(400);
    const sdk = createClient({ baseUrl: live.baseUrl, apiKey: live.seeded.adminKey, fetch: flaky.fetch });
    const agent = await sdk.agents.resolve('demo-operator');
    const run = await sdk.runs.create({ agentId: agent.id, input: 'Deploy build 42' });
    const reconnects: number[] = [];
    const events: RunEvent[] = [];
    for await (const event of sdk.runs.stream(run.id, { onReconnect: ({ lastEventId }) => reconnects.push(lastEventId) })) {
      events.push(event);
      await approveWhenAsked(sdk, run.id, event);
    }
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events[0]?.type).toBe('run-created');
    expect(events.at(-1)?.type).toBe('run-finished');
    expect(events.map((event) => event.type)).toContain('approval-decided');
    // The first connection was cut; the second resumed after the last event the iterator yielded.
    expect(flaky.lastEventIds.length).toBeGreaterThanOrEqual(2);
    expect(flaky.lastEventIds[0]).toBe('0');
    expect(reconnects[0]).toBeGreaterThan(0);
    expect(flaky.lastEventIds[1]).toBe(String(reconnects[0]));
    expect((await sdk.runs.get(run.id)).status).toBe('succeeded');
  });

  it('resumes from a given lastEventId, pages messages and events, and replays an idempotent create', async () => {
    const agent = await client.agents.resolve('demo-researcher');
    const run = await client.runs.create({ agentId: agent.id, input: 'Why durable?', idempotencyKey: `sdk-${Date.now()}` });
    const all: RunEvent[] = [];
    for await (const event of client.runs.stream(run.id)) all.push(event);
    const tail: RunEvent[] = [];
    for await (const event of client.runs.stream(run.id, { lastEventId: 3 })) tail.push(event);
    expect(tail.map((event) => event.seq)).toEqual(all.slice(3).map((event) => event.seq));
    // At the end of a finished run the server answers 204: the iterator ends, empty, with no reconnect.
    const reconnects: number[] = [];
    const past: RunEvent[] = [];
    for await (const event of client.runs.stream(run.id, { lastEventId: all.at(-1)!.seq, onReconnect: ({ attempt }) => reconnects.push(attempt) })) past.push(event);
    expect([past, reconnects]).toEqual([[], []]);

    const page = await client.runs.messages(run.id, { limit: 2 });
    expect(page.messages.map((message) => message.index)).toEqual([0, 1]);
    expect((await client.runs.events(run.id, { afterSeq: 1, limit: 2 })).events.map((event) => event.seq)).toEqual([2, 3]);
    expect((await client.runs.list({ agentId: agent.id, limit: 200 })).runs.map((listed) => listed.id)).toContain(run.id);
    const idempotencyKey = `sdk-replay-${Date.now()}`;
    const first = await client.runs.create({ agentId: agent.id, input: 'Once', idempotencyKey });
    const again = await client.runs.create({ agentId: agent.id, input: 'Once', idempotencyKey });
    expect(again.id).toBe(first.id);
  });

  it('cancels a run waiting for approval', async () => {
    const agent = await client.agents.resolve('demo-operator');
    const run = await client.runs.create({ agentId: agent.id, input: 'Deploy build 43' });
    for await (const event of client.runs.stream(run.id)) {
      if (event.type === 'approval-requested') await client.runs.cancel(run.id);
    }
    expect((await client.runs.get(run.id)).status).toBe('cancelled');
    // A cancelled run is retried once, as a new run linked to it; the re-run has no thread.
    const retry = await client.runs.retry(run.id);
    expect(retry).toMatchObject({ retryOfRunId: run.id, agentVersionId: run.agentVersionId, input: run.input });
    expect((await client.runs.retry(run.id)).id).toBe(retry.id);
    expect((await client.runs.get(run.id)).retriedByRunId).toBe(retry.id);
    const rerun = await client.runs.rerun(run.id, { agentVersion: 1 });
    expect(rerun).toMatchObject({ rerunOfRunId: run.id, threadId: null, input: run.input });
    const comparison = await client.runs.compare(run.id, rerun.id);
    expect(comparison).toMatchObject({ sameAgent: true, sameInput: true, left: { run: { id: run.id } }, right: { run: { id: rerun.id } } });
    await client.runs.cancel(retry.id);
    await client.runs.cancel(rerun.id);
  });
});

describe('typed errors', () => {
  it('carries kind, status, field and request id', async () => {
    const notFound = await client.runs.get(unknownId).catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(AgentLoomApiError);
    expect(notFound).toMatchObject({ kind: 'not-found', status: 404 });
    expect((notFound as AgentLoomApiError).requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(client.runs.create({ agentId: 'nope', input: 'x' })).rejects.toMatchObject({ kind: 'validation', status: 400, field: 'agentId' });
    const stranger = createClient({ baseUrl: live.baseUrl, apiKey: 'al_000000000000_not-a-real-key' });
    await expect(stranger.runs.list()).rejects.toMatchObject({ kind: 'unauthenticated', status: 401 });
    const unreachable = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'x' });
    await expect(unreachable.me()).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('does not retry a stream of an unknown run', async () => {
    const reconnects: number[] = [];
    const stream = client.runs.stream(unknownId, { onReconnect: ({ attempt }) => reconnects.push(attempt) });
    await expect(stream.next()).rejects.toMatchObject({ kind: 'not-found', status: 404 });
    expect(reconnects).toEqual([]);
  });
});

describe('threads, memories and erase', () => {
  it('runs twice on a thread and reads the conversation across both runs', async () => {
    const agent = await client.agents.resolve('demo-researcher');
    const thread = await client.threads.create({ agentId: agent.id, title: 'SDK thread' });
    for (const input of ['First', 'Second']) {
      const run = await client.runs.create({ agentId: agent.id, threadId: thread.id, input });
      for await (const event of client.runs.stream(run.id)) void event;
    }
    const { messages } = await client.threads.messages(thread.id, { limit: 500 });
    expect(new Set(messages.map((message) => message.runId)).size).toBe(2);
    expect((await client.threads.rename(thread.id, 'Renamed')).title).toBe('Renamed');
    expect((await client.threads.archive(thread.id)).archivedAt).not.toBeNull();
    expect((await client.threads.list({ includeArchived: true, limit: 200 })).threads.map((listed) => listed.id)).toContain(thread.id);
    const receipt = await client.erase('thread', thread.id);
    expect(receipt.counts.runs).toBe(2);
    await expect(client.threads.get(thread.id)).rejects.toMatchObject({ status: 404 });
  });

  it('stores, searches, pins, unpins and forgets a memory', async () => {
    const stored = await client.memories.store({ scope: { level: 'project' }, kind: 'fact', content: 'The staging database is called heron.' });
    const hits = await client.memories.search('staging database name');
    expect(hits[0]?.item.id).toBe(stored.id);
    expect(hits[0]?.score).toBeGreaterThan(0);
    expect((await client.memories.pin(stored.id)).pinned).toBe(true);
    expect((await client.memories.unpin(stored.id)).pinned).toBe(false);
    expect((await client.memories.list({ kind: 'fact' })).items.map((item) => item.id)).toContain(stored.id);
    expect(await client.memories.forget(stored.id)).toEqual({ forgotten: true, restoredId: null, historyForgotten: 0, derivedForgotten: 0 });
    expect((await client.memories.search('staging database name')).map((hit) => hit.item.id)).not.toContain(stored.id);
    await expect(client.memories.get(stored.id)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('names the caller', async () => {
    const caller = await client.me();
    expect(caller.role).toBe('admin');
    expect(caller.tenantId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('concurrency limits', () => {
  it('sets and clears the tenant and an agent limit; a bad value is a 400 naming the field', async () => {
    const agent = await client.agents.resolve('demo-researcher');
    const withAgent = await client.concurrencyLimits.set({ agentId: agent.id, maxRunningRuns: 4 });
    expect(withAgent.agents).toEqual([expect.objectContaining({ agentId: agent.id, agentName: 'Demo researcher', maxRunningRuns: 4 })]);
    expect((await client.concurrencyLimits.set({ maxRunningRuns: 20 })).tenant.maxRunningRuns).toBe(20);
    await expect(client.concurrencyLimits.set({ maxRunningRuns: 0 })).rejects.toMatchObject({ status: 400, field: 'maxRunningRuns' });
    await client.concurrencyLimits.set({ agentId: agent.id, maxRunningRuns: null });
    expect(await client.concurrencyLimits.set({ maxRunningRuns: null })).toMatchObject({ tenant: { maxRunningRuns: null }, agents: [] });
  });
});
