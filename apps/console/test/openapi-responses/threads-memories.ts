import { expect, it } from 'vitest';

import { eventually } from '../support/api-client';
import { call, runIsIn, resources, decision } from './support';

/** Threads and memories (with extraction decisions). */
export function describeThreadAndMemoryResponses(): void {
  it('threads: list, create, a run in it, its messages, read, rename and archive', async () => {
    await call('listThreads', '/api/v1/threads');
    const thread = await call<{ id: string }>('createThread', '/api/v1/threads', { body: { agentId: resources.agentId, title: 'openapi' } });
    const run = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId: resources.agentId, threadId: thread.id, input: 'hello' } });
    await eventually(runIsIn(run.id, ['succeeded']));
    const { messages } = await call<{ messages: unknown[] }>('listThreadMessages', `/api/v1/threads/${thread.id}/messages`);
    expect(messages.length).toBeGreaterThan(0);
    await call('getThread', `/api/v1/threads/${thread.id}`);
    await call('updateThread', `/api/v1/threads/${thread.id}`, { body: { title: 'openapi renamed', archived: true } });
    await call('erase', '/api/v1/erase', { body: { target: 'thread', id: thread.id } });
  });

  it('memories: store, list, search (both ways), read, pin, unpin, forget; extraction decisions', async () => {
    const stored = await call<{ id: string }>('storeMemory', '/api/v1/memories', {
      body: { scope: { level: 'project' }, kind: 'fact', key: 'openapi', content: `${resources.marker} validated`, metadata: { source: 'test' } },
    });
    const { items } = await call<{ items: unknown[] }>('listMemories', '/api/v1/memories');
    expect(items.length).toBeGreaterThan(0);
    const found = await call<{ hits: unknown[] }>('listMemories', `/api/v1/memories?q=${encodeURIComponent(resources.marker)}`);
    expect(found.hits.length).toBeGreaterThan(0);
    const searched = await call<{ hits: unknown[] }>('searchMemories', '/api/v1/memories/search', { body: { text: resources.marker } });
    expect(searched.hits.length).toBeGreaterThan(0);
    await call('getMemory', `/api/v1/memories/${stored.id}`);
    await call('pinMemory', `/api/v1/memories/${stored.id}/pin`);
    await call('unpinMemory', `/api/v1/memories/${stored.id}/pin`);
    await call('forgetMemory', `/api/v1/memories/${stored.id}`);
    await call('listMemoryDecisions', `/api/v1/memory-decisions?runId=${resources.finishedRunId}`);
    const { decisions } = await call<{ decisions: { id: string; undoable: boolean }[] }>('listMemoryDecisions', `/api/v1/memory-decisions?runId=${decision.runId}`);
    expect(decisions).toEqual([expect.objectContaining({ id: decision.decisionId, undoable: true })]);
    const undone = await call<{ undoable: boolean; undoneAt: string | null }>('undoMemoryDecision', `/api/v1/memory-decisions/${decision.decisionId}/undo`);
    expect(undone).toMatchObject({ undoable: false, undoneAt: expect.any(String) as unknown });
  });
}
