import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { openEventStream } from './support/event-stream-client';
import { expectedSequence, readToEnd, readUntil } from './support/run-event-frames';
import { seedDataDirectory, type SeededDataDirectory } from './support/seed-data-directory';

/**
 * The public REST API against the production console (`next build` + `next start`) on a fresh
 * embedded data directory, over real HTTP. Builds the console first when `.next` is missing or
 * older than the sources. One console for the whole file; the last test restarts it.
 */
interface RunBody {
  id: string;
  status: string;
}
interface ErrorBody {
  error: { kind: string; message: string; field?: string };
}
interface ApprovalBody {
  id: string;
  status: string;
}

let dataDirectory: string;
let seeded: SeededDataDirectory;
let server: ConsoleProcess;
let admin: ApiClient;

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-api-v1-'));
  seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({ dataDirectory });
  admin = apiClient(server.baseUrl, seeded.adminKey);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

const researcher = () => seeded.agentIds['demo-researcher']!;
const operator = () => seeded.agentIds['demo-operator']!;
const unknownId = '0190f5c4-0000-7000-8000-000000000000';

async function createRun(agentId: string, input = 'What makes runs durable?'): Promise<RunBody> {
  const created = await admin<RunBody>('POST', '/api/v1/runs', { body: { agentId, input } });
  expect(created.status).toBe(201);
  return created.body;
}

async function runReaches(runId: string, status: string): Promise<RunBody> {
  return eventually(async () => {
    const run = await admin<RunBody>('GET', `/api/v1/runs/${runId}`);
    return run.body.status === status ? run.body : undefined;
  });
}

async function pendingApproval(runId: string): Promise<ApprovalBody> {
  return eventually(async () => {
    const page = await admin<{ approvals: ApprovalBody[] }>('GET', `/api/v1/approvals?runId=${runId}&status=pending`);
    return page.body.approvals[0];
  });
}

function eventsUrl(runId: string, query = ''): string {
  return `${server.baseUrl}/api/v1/runs/${runId}/events${query}`;
}

const bearer = () => ({ Authorization: `Bearer ${seeded.adminKey}` });

describe('authentication and errors', () => {
  it('answers 401 without a key or with a bad one, in the one error shape', async () => {
    const anonymous = await apiClient(server.baseUrl, undefined)<ErrorBody>('GET', '/api/v1/runs');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.kind).toBe('unauthenticated');
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    const wrongKey = await apiClient(server.baseUrl, 'al_000000000000_not-a-real-key')<ErrorBody>('GET', '/api/v1/runs');
    expect(wrongKey.status).toBe(401);
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const echoed = await admin('GET', '/api/v1/runs', { headers: { 'X-Request-Id': 'trace-123.abc' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123.abc');
    const replaced = await admin('GET', '/api/v1/runs', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the field on bad input, and maps unknown ids, malformed JSON and oversized bodies', async () => {
    const badAgent = await admin<ErrorBody>('POST', '/api/v1/runs', { body: { agentId: 'nope', input: 'x' } });
    expect(badAgent.status).toBe(400);
    expect(badAgent.body.error).toMatchObject({ kind: 'validation', field: 'agentId' });
    const emptyInput = await admin<ErrorBody>('POST', '/api/v1/runs', { body: { agentId: researcher(), input: '  ' } });
    expect(emptyInput.body.error).toMatchObject({ kind: 'validation', field: 'input' });
    const badLimit = await admin<ErrorBody>('GET', '/api/v1/runs?limit=abc');
    expect(badLimit.body.error).toMatchObject({ kind: 'validation', field: 'limit' });
    const malformed = await admin<ErrorBody>('POST', '/api/v1/runs', { body: '{"agentId":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.kind).toBe('validation');
    const unknownRun = await admin<ErrorBody>('GET', `/api/v1/runs/${unknownId}`);
    expect(unknownRun.status).toBe(404);
    expect(unknownRun.body.error.kind).toBe('not-found');
    const unknownAgent = await admin<ErrorBody>('POST', '/api/v1/runs', { body: { agentId: unknownId, input: 'x' } });
    expect(unknownAgent.status).toBe(404);
    const oversized = await admin<ErrorBody>('POST', '/api/v1/runs', { body: { agentId: researcher(), input: 'x'.repeat(1_100_000) } });
    expect(oversized.status).toBe(413);
    expect(oversized.body.error.kind).toBe('payload-too-large');
  });

  it('serves Prometheus metrics', async () => {
    const response = await fetch(`${server.baseUrl}/api/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toContain('agentloom_steps_total');
  });
});

describe('runs', () => {
  it('creates a run that finishes by itself, and lists, reads and pages it', async () => {
    const created = await admin<RunBody>('POST', '/api/v1/runs', { body: { agentId: researcher(), input: 'Why durable?' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v1/runs/${created.body.id}`);
    await runReaches(created.body.id, 'succeeded');
    const listed = await admin<{ runs: RunBody[]; nextCursor: string | null }>('GET', `/api/v1/runs?agentId=${researcher()}&status=succeeded&limit=200`);
    expect(listed.body.runs.map((run) => run.id)).toContain(created.body.id);
    const messages = await admin<{ messages: { index: number; role: string }[] }>('GET', `/api/v1/runs/${created.body.id}/messages?limit=3`);
    expect(messages.status).toBe(200);
    expect(messages.body.messages.map((message) => message.index)).toEqual([0, 1, 2]);
    const events = await admin<{ events: { seq: number }[]; nextAfterSeq: number | null }>(
      'GET',
      `/api/v1/runs/${created.body.id}/events?format=json&afterSeq=1&limit=2`,
    );
    expect(events.body.events.map((event) => event.seq)).toEqual([2, 3]);
    expect(events.body.nextAfterSeq).toBe(3);
  });

  it('replays a run for the same Idempotency-Key and body (200), refuses another body (409)', async () => {
    const headers = { 'Idempotency-Key': `key-${Date.now()}` };
    const body = { agentId: researcher(), input: 'Once only' };
    const first = await admin<RunBody>('POST', '/api/v1/runs', { body, headers });
    const again = await admin<RunBody>('POST', '/api/v1/runs', { body, headers });
    const other = await admin<ErrorBody>('POST', '/api/v1/runs', { body: { ...body, input: 'Something else' }, headers });
    expect([first.status, again.status, other.status]).toEqual([201, 200, 409]);
    expect(again.body.id).toBe(first.body.id);
    expect(other.body.error).toMatchObject({ kind: 'conflict', field: 'idempotencyKey' });
  });

  it('cancels a run waiting for approval', async () => {
    const run = await createRun(operator());
    await runReaches(run.id, 'waiting_human');
    const cancelled = await admin<RunBody>('POST', `/api/v1/runs/${run.id}/cancel`);
    expect(cancelled.status).toBe(200);
    await runReaches(run.id, 'cancelled');
  });
});

describe('run events over SSE', () => {
  it('refuses an unknown run with 404 before any byte', async () => {
    const connection = await openEventStream(eventsUrl(unknownId), bearer());
    expect(connection.status).toBe(404);
    expect(connection.response.headers.get('content-type')).toContain('application/json');
    connection.close();
  });

  it('resumes after a disconnect with Last-Event-ID: no gap, no duplicate, ends at run-finished', async () => {
    const run = await createRun(researcher());
    const first = await openEventStream(eventsUrl(run.id), bearer());
    expect(first.response.headers.get('content-type')).toContain('text/event-stream');
    const head = await readUntil(first.frames, (data) => data.seq === 2);
    first.close();
    const lastSeen = head[head.length - 1]!.seq;
    const second = await openEventStream(eventsUrl(run.id), { ...bearer(), 'Last-Event-ID': String(lastSeen) });
    const tail = await readToEnd(second.frames);
    const all = [...head, ...tail];
    expect(all.map((event) => event.seq)).toEqual(expectedSequence(0, all.length));
    expect(all[0]?.type).toBe('run-created');
    expect(all[all.length - 1]?.type).toBe('run-finished');
    expect(typeof all[0]?.createdAt).toBe('string');
  });

  it('sends heartbeats while a run is quiet', async () => {
    const run = await createRun(operator());
    await runReaches(run.id, 'waiting_human');
    const caughtUp = await admin<{ events: { seq: number }[] }>('GET', `/api/v1/runs/${run.id}/events?format=json&limit=1000`);
    const lastSeq = caughtUp.body.events[caughtUp.body.events.length - 1]!.seq;
    const connection = await openEventStream(eventsUrl(run.id, `?lastEventId=${lastSeq}&heartbeatMs=200`), bearer());
    const pending = connection.frames.next();
    // Waits for the heartbeats, not for a duration: a console starved of CPU sends them late, not never.
    const heartbeats = await eventually(() => {
      const count = connection.comments().filter((comment) => comment === 'heartbeat').length;
      return Promise.resolve(count >= 2 ? count : undefined);
    });
    expect(heartbeats).toBeGreaterThanOrEqual(2);
    connection.close();
    await pending.catch(() => undefined);
  });
});

describe('approvals and roles', () => {
  it('completes a run after an approval decided over REST; a second decision conflicts', async () => {
    const run = await createRun(operator());
    const approval = await pendingApproval(run.id);
    const decided = await admin<ApprovalBody>('POST', `/api/v1/approvals/${approval.id}/decision`, { body: { decision: 'approve' } });
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('approved');
    const again = await admin<ErrorBody>('POST', `/api/v1/approvals/${approval.id}/decision`, { body: { decision: 'reject', reason: 'late' } });
    expect(again.status).toBe(409);
    await runReaches(run.id, 'succeeded');
  });

  it('lets a viewer read but not create, cancel or decide; revoking the key ends its access', async () => {
    const createdKey = await admin<{ id: string; key: string; role: string }>('POST', '/api/v1/api-keys', { body: { name: 'read only', role: 'viewer' } });
    expect(createdKey.status).toBe(201);
    expect(createdKey.body.key).toMatch(/^al_/);
    const listedKeys = await admin<{ apiKeys: Record<string, unknown>[] }>('GET', '/api/v1/api-keys');
    expect(listedKeys.body.apiKeys.some((key) => key.id === createdKey.body.id && !('key' in key))).toBe(true);

    const viewer = apiClient(server.baseUrl, createdKey.body.key);
    const run = await createRun(operator());
    const approval = await pendingApproval(run.id);
    expect((await viewer('GET', '/api/v1/runs')).status).toBe(200);
    expect((await viewer('GET', `/api/v1/runs/${run.id}`)).status).toBe(200);
    const statuses = [
      (await viewer('POST', '/api/v1/runs', { body: { agentId: researcher(), input: 'x' } })).status,
      (await viewer('POST', `/api/v1/runs/${run.id}/cancel`)).status,
      (await viewer('POST', `/api/v1/approvals/${approval.id}/decision`, { body: { decision: 'approve' } })).status,
      (await viewer('POST', '/api/v1/api-keys', { body: { name: 'escalate', role: 'admin' } })).status,
    ];
    expect(statuses).toEqual([403, 403, 403, 403]);

    const revoked = await admin<{ revokedAt: string | null }>('DELETE', `/api/v1/api-keys/${createdKey.body.id}`);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await viewer('GET', '/api/v1/runs')).status).toBe(401);
    await admin('POST', `/api/v1/runs/${run.id}/cancel`);
  });

  it('accepts the console session cookie for reads and refuses it on cross-origin writes', async () => {
    const signIn = await fetch(`${server.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiKey: seeded.adminKey }),
    });
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    // The cookie holds an opaque session token, never the key.
    expect(cookie).toMatch(/^agentloom_session=als_/);
    const read = await fetch(`${server.baseUrl}/api/v1/runs?limit=1`, { headers: { Cookie: cookie } });
    expect(read.status).toBe(200);
    const crossOrigin = await fetch(`${server.baseUrl}/api/v1/runs`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://attacker.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ agentId: researcher(), input: 'x' }),
    });
    expect(crossOrigin.status).toBe(403);
  });
});

describe('console restart', () => {
  it('continues an event stream exactly where it left off across a restart of the console', async () => {
    const run = await createRun(operator());
    const before = await openEventStream(eventsUrl(run.id), bearer());
    const head = await readUntil(before.frames, (data) => data.type === 'approval-requested');
    before.close();
    const lastSeen = head[head.length - 1]!.seq;

    await server.stop();
    // All of it: a next-server left draining after npm exited outlived the test and spun on its closed log pipe.
    expect(server.running()).toBe(false);
    server = await startConsole({ dataDirectory });
    admin = apiClient(server.baseUrl, seeded.adminKey);

    const after = await openEventStream(eventsUrl(run.id), { ...bearer(), 'Last-Event-ID': String(lastSeen) });
    const approval = await pendingApproval(run.id);
    expect((await admin('POST', `/api/v1/approvals/${approval.id}/decision`, { body: { decision: 'approve' } })).status).toBe(200);
    const tail = await readToEnd(after.frames);
    expect(tail.map((event) => event.seq)).toEqual(expectedSequence(lastSeen, tail.length));
    expect(tail.map((event) => event.type)).toContain('approval-decided');
    expect(tail[tail.length - 1]?.type).toBe('run-finished');
  });
});
