import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createTestDatabaseConfig, testServerUrl, type TestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';
import { EventSource } from 'eventsource';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, testConsoleSecretKey, type ConsoleProcess } from './support/console-process';
import { sessionCookie, trpcCall } from './support/security-calls';

/**
 * The production console (`next build` + `next start`) on a Postgres server database, as a fleet
 * runs it: it loads the fleet's tool modules (AGENTLOOM_TOOL_MODULES), answers contention with
 * 200/409 and database outages with 503 + Retry-After (never 500), and ends event streams so a stock
 * EventSource stops. The outage test runs last: it closes the database to connections.
 */
interface RunBody {
  id: string;
  status: string;
}
interface ErrorBody {
  error: { kind: string; message: string; field?: string };
}

const greetingModule = 'packages/platform/test/fixtures/tool-modules/greeting-tools.ts';
const quickFinish = { completion: { verify: false, requireToolEvidence: false } };

let database: TestDatabaseConfig;
let databaseName: string;
let dataDirectory: string;
let server: ConsoleProcess;
let admin: ApiClient;
let adminKey: string;
let operatorAgentId: string;
/** A tool-less agent that finishes in one model call, for the tests that need any quick run. */
let quickAgentId: string;

beforeAll(async () => {
  ensureConsoleBuild();
  database = await createTestDatabaseConfig('server');
  databaseName = new URL(database.config.url!).pathname.slice(1);
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-fleet-contract-'));
  // Seeded the way the console's first start would; the console then opens the same database.
  const seeding = await createPlatform({
    database: database.config,
    adminKeyPath: path.join(dataDirectory, 'admin-key'),
    logger: silentLogger,
    secrets: { key: Buffer.from(testConsoleSecretKey, 'base64') },
  });
  adminKey = seeding.seed.adminKey!;
  operatorAgentId = (await seeding.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
  const seedingPrincipal = (await seeding.auth.authenticate(adminKey))!;
  quickAgentId = (await seeding.agents.create(seedingPrincipal, { slug: 'quick', name: 'Quick', config: { ...quickFinish, demoScript: { replies: [{ text: 'Done.' }] } } })).id;
  await seeding.close();
  server = await startConsole({
    dataDirectory,
    databaseUrl: database.config.url!,
    // The contention tests are about 409s, not the per-key rate limit.
    environment: { AGENTLOOM_TOOL_MODULES: greetingModule, AGENTLOOM_RATE_LIMIT_BURST: '100000', AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  admin = apiClient(server.baseUrl, adminKey);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await administer(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => undefined);
  await database?.dispose();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

async function administer(statement: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

async function runReaches(runId: string, status: string): Promise<RunBody> {
  return eventually(async () => {
    const run = await admin<RunBody>('GET', `/api/v1/runs/${runId}`);
    return run.body.status === status ? run.body : undefined;
  });
}

async function pendingApprovalOf(runId: string): Promise<string> {
  return eventually(async () => {
    const page = await admin<{ approvals: { id: string }[] }>('GET', `/api/v1/approvals?runId=${runId}&status=pending`);
    return page.body.approvals[0]?.id;
  });
}

let greeterAgentId: string;

describe('one tool catalog for the fleet', () => {
  it('loads the tool modules the workers load: an agent may enable them, an unknown tool is a 400 naming tool and field', async () => {
    const cookie = await sessionCookie(server.baseUrl, adminKey);
    const script = { demoScript: { replies: [{ text: '', toolCalls: [{ name: 'greet', arguments: { name: 'Ada' } }] }, { text: 'Greeted.' }] } };
    const created = await trpcCall(server.baseUrl, cookie, 'agents.create', 'mutation', {
      slug: 'greeter',
      name: 'Greeter',
      config: { tools: ['greet'], ...quickFinish, ...script },
    });
    expect(created.status, created.text).toBe(200);
    greeterAgentId = (created.json as { result: { data: { json: { id: string } } } }).result.data.json.id;

    const unknown = await trpcCall(server.baseUrl, cookie, 'agents.saveVersion', 'mutation', {
      agentId: greeterAgentId,
      config: { tools: ['greet', 'create_ticket'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.kind).toBe('validation');
    const error = (unknown.json as { error: { json: { message: string; data: { field: string } } } }).error.json;
    expect(error.data.field).toBe('config.tools.1');
    expect(error.message).toContain('unknown tool "create_ticket"');
  });

  it('executes a module tool in the console executor (the only executor here)', async () => {
    const created = await admin<RunBody>('POST', '/api/v1/runs', { body: { agentId: greeterAgentId, input: 'Greet Ada' } });
    expect(created.status).toBe(201);
    await runReaches(created.body.id, 'succeeded');
    const messages = await admin<{ messages: { content: unknown }[] }>('GET', `/api/v1/runs/${created.body.id}/messages`);
    expect(JSON.stringify(messages.body.messages)).toContain('Hello, Ada');
  });
});

describe('the SSE contract', () => {
  it('a stock EventSource gets every event through onmessage and stops after run-finished (204 on its reconnect)', async () => {
    const created = await admin<RunBody>('POST', '/api/v1/runs', { body: { agentId: quickAgentId, input: 'Stream me' } });
    const statuses: number[] = [];
    const received: { seq: number; type: string }[] = [];
    const source = new EventSource(`${server.baseUrl}/api/v1/runs/${created.body.id}/events`, {
      fetch: async (url, init) => {
        const response = await fetch(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${adminKey}` } });
        statuses.push(response.status);
        return response;
      },
    });
    source.onmessage = (message) => received.push(JSON.parse(message.data as string) as { seq: number; type: string });
    try {
      await eventually(() => Promise.resolve(source.readyState === EventSource.CLOSED ? true : undefined));
    } finally {
      source.close();
    }
    expect(received.map((event) => event.seq)).toEqual(received.map((_, index) => index + 1));
    expect(received.at(-1)?.type).toBe('run-finished');
    expect(received.map((event) => event.type)).toEqual(expect.arrayContaining(['run-created', 'run-started', 'step-committed']));
    // One stream, closed after run-finished; the reconnect with Last-Event-ID = its seq got 204; no loop.
    expect(statuses).toEqual([200, 204]);
  });

  it('frames are default messages with retry:, and a resume at or past the end of a finished run is 204', async () => {
    const created = await admin<RunBody>('POST', '/api/v1/runs', { body: { agentId: quickAgentId, input: 'Finish first' } });
    await runReaches(created.body.id, 'succeeded');
    const eventsUrl = `${server.baseUrl}/api/v1/runs/${created.body.id}/events`;
    const headers = (lastEventId: number) => ({ Authorization: `Bearer ${adminKey}`, Accept: 'text/event-stream', 'Last-Event-ID': String(lastEventId) });
    const replay = await fetch(eventsUrl, { headers: headers(0) });
    expect(replay.status).toBe(200);
    const text = await replay.text(); // Completes only because the server closes after run-finished.
    expect(text).toMatch(/^retry: 3000\n/);
    expect(text).not.toMatch(/^event:/m);
    const frames = text.split('\n\n').filter((block) => block.includes('\ndata: '));
    expect(frames.every((frame) => frame.startsWith('retry: 3000\nid: '))).toBe(true);
    const lastSeq = (JSON.parse(frames.at(-1)!.split('\ndata: ')[1]!) as { seq: number; type: string }).seq;
    for (const lastEventId of [lastSeq, lastSeq + 5]) {
      const ended = await fetch(eventsUrl, { headers: headers(lastEventId) });
      expect(ended.status).toBe(204);
      expect(await ended.text()).toBe('');
    }
    const oneShort = await fetch(eventsUrl, { headers: headers(lastSeq - 1) });
    expect(oneShort.status).toBe(200);
    expect(await oneShort.text()).toContain('"type":"run-finished"');
  });
});

describe('concurrency never becomes a 500', () => {
  it('60 concurrent decisions on one approval: exactly one 200, every other one 409', async () => {
    const created = await admin<RunBody>('POST', '/api/v1/runs', { body: { agentId: operatorAgentId, input: 'Notify on-call' } });
    const approvalId = await pendingApprovalOf(created.body.id);
    const decisions = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        admin<ErrorBody>('POST', `/api/v1/approvals/${approvalId}/decision`, {
          body: index % 2 === 0 ? { decision: 'approve' } : { decision: 'reject', reason: `no ${index}` },
        }),
      ),
    );
    const statuses = decisions.map((decision) => decision.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(59);
    expect(decisions.filter((decision) => decision.status === 409).every((decision) => decision.body.error.kind === 'conflict')).toBe(true);
    await runReaches(created.body.id, 'succeeded');
  });

  it('concurrent cancels and idempotent creates answer 200/201/409 only', async () => {
    const waiting = await admin<RunBody>('POST', '/api/v1/runs', { body: { agentId: operatorAgentId, input: 'Wait, then be cancelled' } });
    await runReaches(waiting.body.id, 'waiting_human');
    const cancels = await Promise.all(Array.from({ length: 40 }, () => admin('POST', `/api/v1/runs/${waiting.body.id}/cancel`)));
    expect(cancels.filter((cancel) => ![200, 409].includes(cancel.status)).map((cancel) => [cancel.status, cancel.body])).toEqual([]);
    expect(cancels.some((cancel) => cancel.status === 200)).toBe(true);
    await runReaches(waiting.body.id, 'cancelled');

    const creates = await Promise.all(
      Array.from({ length: 40 }, () =>
        admin<RunBody>('POST', '/api/v1/runs', { body: { agentId: quickAgentId, input: 'once' }, headers: { 'Idempotency-Key': 'fleet-contract-once' } }),
      ),
    );
    expect(creates.filter((create) => ![200, 201].includes(create.status)).map((create) => [create.status, create.body])).toEqual([]);
    expect(creates.filter((create) => create.status === 201)).toHaveLength(1);
    expect(new Set(creates.map((create) => create.body.id)).size).toBe(1);
  });

  it('while the database refuses connections: /api/health and POST /api/v1/runs are 503 unavailable with Retry-After; then 200/201 again', async () => {
    await administer(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
    await administer('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [databaseName]);

    const health = await eventually(async () => {
      const response = await fetch(`${server.baseUrl}/api/health`);
      return response.status === 200 ? undefined : response;
    });
    expect(health.status).toBe(503);
    expect(health.headers.get('Retry-After')).toBe('2');
    expect(((await health.json()) as { error: string }).error).toMatch(/^The database is unavailable \(.+\); retry shortly\.$/);

    const create = await admin<ErrorBody>('POST', '/api/v1/runs', { body: { agentId: quickAgentId, input: 'during the outage' } });
    expect(create.status).toBe(503);
    expect(create.headers.get('Retry-After')).toBe('2');
    expect(create.body.error.kind).toBe('unavailable');

    await administer(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
    await eventually(async () => ((await fetch(`${server.baseUrl}/api/health`)).status === 200 ? true : undefined));
    const after = await admin<RunBody>('POST', '/api/v1/runs', { body: { agentId: quickAgentId, input: 'after the outage' } });
    expect(after.status).toBe(201);
    await runReaches(after.body.id, 'succeeded');
  });
});
