import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { seedDataDirectory, type SeededDataDirectory } from './support/seed-data-directory';

/**
 * The REST routes over threads, memory and erase, the `/me` and agents reads, and the served
 * OpenAPI document, against the production console on a fresh embedded data directory.
 */
interface ErrorBody {
  error: { kind: string; message: string; field?: string };
}
interface ThreadBody {
  id: string;
  title: string;
  archivedAt: string | null;
}
interface MemoryBody {
  id: string;
  content: string;
  pinned: boolean;
  kind: string;
}
interface MessageBody {
  id: string;
  runId: string;
  index: number;
  role: string;
}

let dataDirectory: string;
let seeded: SeededDataDirectory;
let server: ConsoleProcess;
let admin: ApiClient;
let viewer: ApiClient;
let operator: ApiClient;

const unknownId = '0190f5c4-0000-7000-8000-000000000000';
const researcher = () => seeded.agentIds['demo-researcher']!;

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-api-threads-'));
  seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({ dataDirectory });
  admin = apiClient(server.baseUrl, seeded.adminKey);
  const keyFor = async (role: string) => (await admin<{ key: string }>('POST', '/api/v1/api-keys', { body: { name: role, role } })).body.key;
  viewer = apiClient(server.baseUrl, await keyFor('viewer'));
  operator = apiClient(server.baseUrl, await keyFor('operator'));
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

async function finishedRun(threadId: string, input: string): Promise<string> {
  const created = await operator<{ id: string }>('POST', '/api/v1/runs', { body: { agentId: researcher(), threadId, input } });
  expect(created.status).toBe(201);
  await eventually(async () => ((await admin<{ status: string }>('GET', `/api/v1/runs/${created.body.id}`)).body.status === 'succeeded' ? true : undefined));
  return created.body.id;
}

describe('threads', () => {
  it('creates, lists, reads, renames and archives a thread; a viewer may only read', async () => {
    const created = await operator<ThreadBody>('POST', '/api/v1/threads', { body: { agentId: researcher(), title: 'Launch plan' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v1/threads/${created.body.id}`);
    const listed = await viewer<{ threads: ThreadBody[] }>('GET', `/api/v1/threads?agentId=${researcher()}&limit=10`);
    expect(listed.body.threads.map((thread) => thread.id)).toContain(created.body.id);
    expect((await viewer<ThreadBody>('GET', `/api/v1/threads/${created.body.id}`)).body.title).toBe('Launch plan');

    const renamed = await operator<ThreadBody>('PATCH', `/api/v1/threads/${created.body.id}`, { body: { title: 'Launch plan v2' } });
    expect(renamed.body).toMatchObject({ title: 'Launch plan v2', archivedAt: null });
    const archived = await operator<ThreadBody>('PATCH', `/api/v1/threads/${created.body.id}`, { body: { archived: true } });
    expect(archived.body.archivedAt).not.toBeNull();
    const active = await viewer<{ threads: ThreadBody[] }>('GET', '/api/v1/threads?limit=200');
    expect(active.body.threads.map((thread) => thread.id)).not.toContain(created.body.id);
    const withArchived = await viewer<{ threads: ThreadBody[] }>('GET', '/api/v1/threads?includeArchived=true&limit=200');
    expect(withArchived.body.threads.map((thread) => thread.id)).toContain(created.body.id);

    const emptyPatch = await operator<ErrorBody>('PATCH', `/api/v1/threads/${created.body.id}`, { body: {} });
    expect(emptyPatch.status).toBe(400);
    expect((await viewer('POST', '/api/v1/threads', { body: { agentId: researcher() } })).status).toBe(403);
    expect((await viewer('PATCH', `/api/v1/threads/${created.body.id}`, { body: { title: 'x' } })).status).toBe(403);
    const unknown = await viewer<ErrorBody>('GET', `/api/v1/threads/${unknownId}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.kind).toBe('not-found');
    expect((await operator<ErrorBody>('POST', '/api/v1/threads', { body: { agentId: 'nope' } })).body.error.field).toBe('agentId');
  });

  it('pages the messages of two runs on a thread, the first run first, without gaps or repeats', async () => {
    const thread = await operator<ThreadBody>('POST', '/api/v1/threads', { body: { agentId: researcher() } });
    const firstRun = await finishedRun(thread.body.id, 'First question');
    const secondRun = await finishedRun(thread.body.id, 'Second question');
    const pages: MessageBody[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { messages: MessageBody[]; nextCursor: string | null } } = await viewer(
        'GET',
        `/api/v1/threads/${thread.body.id}/messages?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      pages.push(...page.body.messages);
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    const runOrder = [...new Set(pages.map((message) => message.runId))];
    expect(runOrder).toEqual([firstRun, secondRun]);
    expect(new Set(pages.map((message) => message.id)).size).toBe(pages.length);
    for (const runId of runOrder) {
      const indexes = pages.filter((message) => message.runId === runId).map((message) => message.index);
      expect(indexes).toEqual([...indexes].sort((left, right) => left - right));
    }
    const users = pages.filter((message) => message.role === 'user');
    expect(users.length).toBeGreaterThanOrEqual(2);
  });
});

describe('memories', () => {
  it('stores, reads, lists, searches with scores, pins, unpins and forgets an item', async () => {
    const stored = await operator<MemoryBody>('POST', '/api/v1/memories', {
      body: { scope: { level: 'project' }, kind: 'fact', key: 'release.codename', content: 'The release codename is Bluefinch.' },
    });
    expect(stored.status).toBe(201);
    expect(stored.headers.get('location')).toBe(`/api/v1/memories/${stored.body.id}`);
    const id = stored.body.id;
    expect((await viewer<MemoryBody>('GET', `/api/v1/memories/${id}`)).body.content).toContain('Bluefinch');
    const listed = await viewer<{ items: MemoryBody[]; nextCursor: string | null }>('GET', '/api/v1/memories?kind=fact&level=project');
    expect(listed.body.items.map((item) => item.id)).toContain(id);

    const queried = await viewer<{ hits: { item: MemoryBody; score: number }[] }>('GET', '/api/v1/memories?q=release%20codename&limit=5');
    expect(queried.status).toBe(200);
    expect(queried.body.hits[0]?.item.id).toBe(id);
    expect(typeof queried.body.hits[0]?.score).toBe('number');
    const searched = await viewer<{ hits: { item: MemoryBody; score: number }[] }>('POST', '/api/v1/memories/search', {
      body: { text: 'codename Bluefinch', mode: 'full-text' },
    });
    expect(searched.body.hits.map((hit) => hit.item.id)).toContain(id);

    expect((await operator<MemoryBody>('POST', `/api/v1/memories/${id}/pin`)).body.pinned).toBe(true);
    expect((await operator<MemoryBody>('DELETE', `/api/v1/memories/${id}/pin`)).body.pinned).toBe(false);
    expect((await viewer('POST', `/api/v1/memories/${id}/pin`)).status).toBe(403);
    expect((await viewer('DELETE', `/api/v1/memories/${id}`)).status).toBe(403);
    expect((await viewer('POST', '/api/v1/memories', { body: { scope: { level: 'project' }, kind: 'fact', content: 'x' } })).status).toBe(403);

    expect((await operator<{ forgotten: boolean }>('DELETE', `/api/v1/memories/${id}`)).body).toEqual({
      forgotten: true,
      restoredId: null,
      historyForgotten: 0,
      derivedForgotten: 0,
    });
    expect((await viewer('GET', `/api/v1/memories/${id}`)).status).toBe(404);
    const afterForget = await viewer<{ hits: { item: MemoryBody }[] }>('GET', '/api/v1/memories?q=Bluefinch');
    expect(afterForget.body.hits.map((hit) => hit.item.id)).not.toContain(id);
    expect((await operator('DELETE', `/api/v1/memories/${id}`)).status).toBe(404);
  });

  it('forgets the newest value of a key without resurrecting the old one unless ?restorePrevious=true; lists and undoes decisions', async () => {
    const store = async (content: string) =>
      (await operator<MemoryBody>('POST', '/api/v1/memories', { body: { scope: { level: 'project' }, kind: 'fact', key: 'rest.parking', content } })).body.id;
    const live = async () =>
      (await viewer<{ hits: { item: MemoryBody }[] }>('GET', '/api/v1/memories?q=parking%20level&limit=10')).body.hits.map((hit) => hit.item.content);
    const first = await store('Parking is on level minus one');
    const second = await store('Parking is on level minus two');
    const restored = await operator<{ forgotten: boolean; restoredId: string | null }>('DELETE', `/api/v1/memories/${second}?restorePrevious=true`);
    expect(restored.body).toMatchObject({ forgotten: true, restoredId: first });
    expect(await live()).toEqual(['Parking is on level minus one']);
    const third = await store('Parking is on level minus three');
    expect((await operator('DELETE', `/api/v1/memories/${third}`)).body).toEqual({ forgotten: true, restoredId: null, historyForgotten: 1, derivedForgotten: 0 });
    expect(await live()).toEqual([]);
    const badFlag = await operator<ErrorBody>('DELETE', `/api/v1/memories/${unknownId}?restorePrevious=yes`);
    expect(badFlag.body.error).toMatchObject({ kind: 'validation', field: 'restorePrevious' });

    const decisions = await viewer<{ decisions: unknown[]; nextCursor: string | null }>('GET', `/api/v1/memory-decisions?runId=${unknownId}`);
    expect(decisions.body).toEqual({ decisions: [], nextCursor: null });
    expect((await viewer('POST', `/api/v1/memory-decisions/${unknownId}/undo`)).status).toBe(403);
    expect((await operator<ErrorBody>('POST', `/api/v1/memory-decisions/${unknownId}/undo`)).body.error).toMatchObject({
      kind: 'not-found',
      field: 'decisionId',
    });
  });

  it('names the field at fault', async () => {
    const badKind = await operator<ErrorBody>('POST', '/api/v1/memories', { body: { scope: { level: 'project' }, kind: 'gossip', content: 'x' } });
    expect(badKind.body.error).toMatchObject({ kind: 'validation', field: 'kind' });
    const emptyQuery = await viewer<ErrorBody>('GET', '/api/v1/memories?q=');
    expect(emptyQuery.body.error).toMatchObject({ kind: 'validation', field: 'q' });
    const badScope = await operator<ErrorBody>('POST', '/api/v1/memories', { body: { scope: { level: 'thread', id: unknownId }, kind: 'fact', content: 'x' } });
    expect(badScope.status).toBe(404);
    expect(badScope.body.error.field).toBe('scope.id');
  });
});

describe('erase', () => {
  it('erases a finished run with a receipt; only an admin may, and the run is gone', async () => {
    const thread = await operator<ThreadBody>('POST', '/api/v1/threads', { body: { agentId: researcher() } });
    const runId = await finishedRun(thread.body.id, 'Erase me');
    expect((await operator('POST', '/api/v1/erase', { body: { target: 'run', id: runId } })).status).toBe(403);
    const receipt = await admin<{ unit: string; id: string; counts: Record<string, number> }>('POST', '/api/v1/erase', { body: { target: 'run', id: runId } });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ unit: 'run', id: runId });
    expect(receipt.body.counts.runs).toBe(1);
    expect(receipt.body.counts.messages).toBeGreaterThan(0);
    expect((await admin('GET', `/api/v1/runs/${runId}`)).status).toBe(404);
    expect((await admin('POST', '/api/v1/erase', { body: { target: 'run', id: runId } })).status).toBe(404);

    const threadReceipt = await admin<{ counts: Record<string, number> }>('POST', '/api/v1/erase', { body: { target: 'thread', id: thread.body.id } });
    expect(threadReceipt.body.counts.threads).toBe(1);
    expect((await admin('GET', `/api/v1/threads/${thread.body.id}`)).status).toBe(404);
  });

  it('refuses a tenant erase for another tenant id, and a bad target', async () => {
    const me = await admin<{ tenantId: string; role: string }>('GET', '/api/v1/me');
    expect(me.body.role).toBe('admin');
    const wrongTenant = await admin<ErrorBody>('POST', '/api/v1/erase', { body: { target: 'tenant', id: unknownId } });
    expect(wrongTenant.body.error).toMatchObject({ kind: 'validation', field: 'confirmTenantId' });
    const badTarget = await admin<ErrorBody>('POST', '/api/v1/erase', { body: { target: 'agent', id: unknownId } });
    expect(badTarget.body.error).toMatchObject({ kind: 'validation', field: 'target' });
  });
});

describe('agents, usage and audit log', () => {
  it('reads an agent, its versions and one version; refuses a bad version number', async () => {
    const agent = await viewer<{ id: string; slug: string }>('GET', `/api/v1/agents/${researcher()}`);
    expect(agent.body).toMatchObject({ id: researcher(), slug: 'demo-researcher' });
    const versions = await viewer<{ versions: { version: number }[] }>('GET', `/api/v1/agents/${researcher()}/versions`);
    expect(versions.body.versions.map((version) => version.version)).toContain(1);
    expect((await viewer<{ version: number }>('GET', `/api/v1/agents/${researcher()}/versions/1`)).body.version).toBe(1);
    const badVersion = await viewer<ErrorBody>('GET', `/api/v1/agents/${researcher()}/versions/latest`);
    expect(badVersion.body.error).toMatchObject({ kind: 'validation', field: 'version' });
    expect((await viewer('GET', `/api/v1/agents/${unknownId}`)).status).toBe(404);
    expect((await viewer('GET', `/api/v1/agents/${researcher()}/versions/999`)).status).toBe(404);
  });

  it('summarizes usage for any role and shows the audit log to admins only', async () => {
    const usage = await viewer('GET', '/api/v1/usage');
    expect(usage.status).toBe(200);
    expect((await viewer<ErrorBody>('GET', '/api/v1/usage?from=yesterday')).body.error.field).toBe('from');
    const audit = await admin<{ entries: { action: string }[]; nextCursor: string | null }>('GET', '/api/v1/audit-log?action=thread.create&limit=1');
    expect(audit.status).toBe(200);
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]?.action).toBe('thread.create');
    expect(audit.body.nextCursor).not.toBeNull();
    expect((await viewer('GET', '/api/v1/audit-log')).status).toBe(403);
    expect((await operator('GET', '/api/v1/audit-log')).status).toBe(403);
  });
});

describe('discovery', () => {
  it('serves the OpenAPI document without a key, and lists the agents with a key', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/threads', '/api/v1/memories/{id}/pin', '/api/v1/erase']));
    const agents = await viewer<{ agents: { slug: string }[] }>('GET', '/api/v1/agents');
    expect(agents.body.agents.map((agent) => agent.slug)).toEqual(expect.arrayContaining(['demo-researcher', 'demo-operator']));
  });
});
