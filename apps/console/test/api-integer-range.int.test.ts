import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { restCall, sessionCookie, trpcCall, type CallResult } from './support/security-calls';
import { seedDataDirectory, type SeededDataDirectory } from './support/seed-data-directory';

/**
 * Integers from 2^31 to 2^53 passed every `z.number().int()` and reached Postgres, which refused
 * them (22003, "out of range for type integer"): a 500 `internal`, and on a live run's event
 * stream a 200 whose stream then died. Each is a 400 `validation` naming the field now, answered
 * before any stream starts. Over real HTTP against the production console.
 */
let dataDirectory: string;
let seeded: SeededDataDirectory;
let server: ConsoleProcess;
let admin: ApiClient;
let cookie: string;
let finishedRunId: string;
let liveRunId: string;

const pastInt4 = 2 ** 31;
const huge = 99_999_999_999;

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-api-integer-range-'));
  seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({ dataDirectory });
  admin = apiClient(server.baseUrl, seeded.adminKey);
  cookie = await sessionCookie(server.baseUrl, seeded.adminKey);
  const runUntil = async (agentSlug: string, status: string) => {
    const created = await admin<{ id: string }>('POST', '/api/v1/runs', { body: { agentId: seeded.agentIds[agentSlug], input: 'integer bounds' } });
    expect(created.status).toBe(201);
    return eventually(
      async () => ((await admin<{ status: string }>('GET', `/api/v1/runs/${created.body.id}`)).body.status === status ? created.body.id : undefined),
      120_000,
    );
  };
  // A finished run to read and fork; a run paused on an approval, whose event stream stays open.
  finishedRunId = await runUntil('demo-researcher', 'succeeded');
  liveRunId = await runUntil('demo-operator', 'waiting_human');
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

const rest = (method: string, target: string, body?: unknown, headers: Record<string, string> = {}) =>
  restCall(server.baseUrl, seeded.adminKey, method, target, body === undefined ? undefined : JSON.stringify(body), headers);

function refusal(result: CallResult): { status: number; kind: unknown; field: unknown } {
  const error = (result.json as { error?: { kind?: unknown; field?: unknown } } | null | undefined)?.error;
  return { status: result.status, kind: error?.kind, field: error?.field };
}

describe('integers past Postgres int4 over REST', () => {
  const researcher = () => seeded.agentIds['demo-researcher']!;
  const cases: [name: string, call: () => Promise<CallResult>, field: string][] = [
    ['POST /runs agentVersion', () => rest('POST', '/api/v1/runs', { agentId: researcher(), input: 'x', agentVersion: huge }), 'agentVersion'],
    ['GET /runs?agentVersion', () => rest('GET', `/api/v1/runs?agentVersion=${pastInt4}`), 'agentVersion'],
    ['GET /agents/:id/versions/:version', () => rest('GET', `/api/v1/agents/${researcher()}/versions/${huge}`), 'version'],
    ['GET /runs/:id/events?format=json&afterSeq', () => rest('GET', `/api/v1/runs/${finishedRunId}/events?format=json&afterSeq=${huge}`), 'afterSeq'],
    ['GET /runs/:id/messages?cursor', () => rest('GET', `/api/v1/runs/${finishedRunId}/messages?cursor=${pastInt4}`), 'cursor'],
    ['GET /runs/:id/steps?cursor', () => rest('GET', `/api/v1/runs/${finishedRunId}/steps?cursor=${pastInt4}`), 'cursor'],
    ['POST /runs/:id/fork stepIndex', () => rest('POST', `/api/v1/runs/${finishedRunId}/fork`, { stepIndex: huge }), 'stepIndex'],
    ['POST /runs/:id/fork agentVersion', () => rest('POST', `/api/v1/runs/${finishedRunId}/fork`, { stepIndex: 1, agentVersion: pastInt4 }), 'agentVersion'],
    ['POST /runs/:id/rerun agentVersion', () => rest('POST', `/api/v1/runs/${finishedRunId}/rerun`, { agentVersion: huge }), 'agentVersion'],
    ['POST /runs/:id/feedback stepIndex', () => rest('POST', `/api/v1/runs/${finishedRunId}/feedback`, { stepIndex: huge, label: 'good' }), 'stepIndex'],
    [
      'POST /batches agentVersion',
      () => rest('POST', '/api/v1/batches', { agentId: researcher(), agentVersion: huge, items: [{ input: 'a' }] }),
      'agentVersion',
    ],
    [
      'POST /experiments agentVersion',
      () => rest('POST', '/api/v1/experiments', { dataset: 'cases', agentId: researcher(), agentVersion: pastInt4 }),
      'agentVersion',
    ],
    [
      'POST /schedules agentVersion',
      () =>
        rest('POST', '/api/v1/schedules', {
          name: 'bounds',
          agentId: researcher(),
          agentVersion: pastInt4,
          inputTemplate: 'x',
          timing: { kind: 'interval', intervalSeconds: 3600 },
          paused: true,
        }),
      'agentVersion',
    ],
  ];

  it.each(cases)('%s answers 400 naming the field', async (_name, call, field) => {
    const result = await call();
    expect(refusal(result), result.text.slice(0, 300)).toEqual({ status: 400, kind: 'validation', field });
    expect(result.requestId).toBeTruthy();
  });

  it('still takes 2^31 - 1, the largest value the columns store', async () => {
    const answers = await Promise.all([
      rest('GET', `/api/v1/runs?agentVersion=${pastInt4 - 1}`),
      rest('GET', `/api/v1/runs/${finishedRunId}/events?format=json&afterSeq=${pastInt4 - 1}`),
      rest('GET', `/api/v1/agents/${researcher()}/versions/${pastInt4 - 1}`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404]);
  });
});

describe('resuming a live run’s event stream past int4', () => {
  it.each([
    ['Last-Event-ID', '', { 'Last-Event-ID': String(huge) }],
    ['lastEventId', `?lastEventId=${pastInt4}`, {}],
    ['afterSeq', `?afterSeq=${pastInt4}`, {}],
  ])('refuses %s with a JSON 400 before the stream starts', async (field, query, headers) => {
    const result = await rest('GET', `/api/v1/runs/${liveRunId}/events${query}`, undefined, { Accept: 'text/event-stream', ...headers });
    expect(result.headers.get('content-type')).toContain('application/json');
    expect(refusal(result), result.text.slice(0, 300)).toEqual({ status: 400, kind: 'validation', field });
  });

  it('still streams a live run resumed at 2^31 - 1 (nothing to replay, heartbeats only)', async () => {
    const result = await rest('GET', `/api/v1/runs/${liveRunId}/events?heartbeatMs=100`, undefined, { 'Last-Event-ID': String(pastInt4 - 1) });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toContain('text/event-stream');
  });
});

describe('integers past Postgres int4 over tRPC', () => {
  it.each([
    ['runs.list', 'query', { agentVersion: pastInt4 }, 'input.agentVersion'],
    ['agents.version', 'query', () => ({ agentId: seeded.agentIds['demo-researcher'], version: pastInt4 }), 'input.version'],
    ['runEvents.list', 'query', () => ({ runId: finishedRunId, cursor: pastInt4 }), 'input.cursor'],
    ['runMessages.list', 'query', () => ({ runId: finishedRunId, cursor: pastInt4 }), 'input.cursor'],
    ['runs.fork', 'mutation', () => ({ runId: finishedRunId, stepIndex: pastInt4 }), 'input.stepIndex'],
  ] as const)('%s answers BAD_REQUEST naming the field', async (procedure, type, input, field) => {
    const result = await trpcCall(server.baseUrl, cookie, procedure, type, typeof input === 'function' ? input() : input);
    const error = (result.json as { error?: { json?: { data?: { kind?: unknown; field?: unknown } } } } | undefined)?.error?.json?.data;
    expect({ status: result.status, kind: error?.kind, field: error?.field }, result.text.slice(0, 300)).toEqual({ status: 400, kind: 'validation', field });
  });
});
