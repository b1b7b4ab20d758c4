import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { maximumJsonDepth } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { fetchOnNewConnection } from './support/new-connection';
import { readCallResult, restCall, sessionCookie, trpcRaw, type CallResult } from './support/security-calls';
import { seedDataDirectory, type SeededDataDirectory } from './support/seed-data-directory';

/**
 * A 10 KB body of brackets nested 5000 deep (far under the 1 MiB cap) overflowed the stack in
 * zod's `z.json()`, superjson or a recursive walk of the agent config: a 500 `internal`. Bodies,
 * tRPC inputs and MCP messages nested deeper than `maximumJsonDepth` (64) are now a 400
 * `validation` on `body` (`input` over tRPC) before any schema runs, and a body that is not an
 * object or array (`null`, `1`) names `body` too (ADR 0010). Over real HTTP against the production console.
 */
let dataDirectory: string;
let seeded: SeededDataDirectory;
let server: ConsoleProcess;
let admin: ApiClient;
let cookie: string;
let runId: string;

/** `levels` nested arrays as JSON text: 5000 levels are 10 KB. */
const brackets = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-api-json-depth-'));
  seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({ dataDirectory });
  admin = apiClient(server.baseUrl, seeded.adminKey);
  cookie = await sessionCookie(server.baseUrl, seeded.adminKey);
  const created = await admin<{ id: string }>('POST', '/api/v1/runs', { body: { agentId: seeded.agentIds['demo-researcher'], input: 'json depth' } });
  expect(created.status).toBe(201);
  runId = await eventually(
    async () => ((await admin<{ status: string }>('GET', `/api/v1/runs/${created.body.id}`)).body.status === 'succeeded' ? created.body.id : undefined),
    120_000,
  );
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

const post = (target: string, body: string) => restCall(server.baseUrl, seeded.adminKey, 'POST', target, body);

function refusal(result: CallResult): { status: number; kind: unknown; field: unknown } {
  const error = (result.json as { error?: { kind?: unknown; field?: unknown } } | null | undefined)?.error;
  return { status: result.status, kind: error?.kind, field: error?.field };
}

/** The REST bodies that reached a recursive schema or walk, with `value` where the nesting goes. */
const restCases: [name: string, target: () => string, body: (value: string) => string][] = [
  [
    'POST /memories metadata (z.json)',
    () => '/api/v1/memories',
    (value) => `{"scope":{"level":"project"},"kind":"fact","content":"deep","metadata":{"x":${value}}}`,
  ],
  ['POST /runs/:id/fork state (z.json)', () => `/api/v1/runs/${runId}/fork`, (value) => `{"stepIndex":1,"state":{"x":${value}}}`],
  ['POST /events payload (z.json)', () => '/api/v1/events', (value) => `{"correlationKey":"k1","payload":${value}}`],
  [
    'POST /agents demoScript arguments (recursive canonical JSON)',
    () => '/api/v1/agents',
    (value) =>
      `{"slug":"deep-agent","name":"Deep","config":{"instructions":"x","demoScript":{"replies":[{"text":"x","toolCalls":[{"name":"t","arguments":{"a":${value}}}]}]}}}`,
  ],
];

describe('REST bodies nested too deep', () => {
  it.each(restCases)('%s answers 400 on the field body', async (_name, target, body) => {
    const result = await post(target(), body(brackets(5000)));
    expect(refusal(result), result.text.slice(0, 300)).toEqual({ status: 400, kind: 'validation', field: 'body' });
    expect((result.json as { error: { message: string } }).error.message).toContain(`nested more than ${maximumJsonDepth} levels deep`);
    expect(result.requestId).toBeTruthy();
  });

  it('a megabyte of brackets is refused the same way (the walk does not recurse)', async () => {
    const result = await post('/api/v1/memories', brackets(512 * 1024 - 1));
    expect(refusal(result), result.text.slice(0, 300)).toEqual({ status: 400, kind: 'validation', field: 'body' });
  });

  it('still stores metadata nested right up to the limit', async () => {
    // The body is level 1, `metadata` level 2, `x` opens the remaining 62.
    const result = await post('/api/v1/memories', restCases[0]![2](brackets(maximumJsonDepth - 2)));
    expect(result.status, result.text.slice(0, 300)).toBe(201);
    const over = await post('/api/v1/memories', restCases[0]![2](brackets(maximumJsonDepth - 1)));
    expect(refusal(over)).toEqual({ status: 400, kind: 'validation', field: 'body' });
  });
});

describe('REST bodies that are not an object', () => {
  it.each(['null', '1', 'true', '"text"'])('%s answers 400 on the field body', async (body) => {
    const result = await post('/api/v1/runs', body);
    expect(refusal(result), result.text.slice(0, 300)).toEqual({ status: 400, kind: 'validation', field: 'body' });
  });
});

describe('tRPC inputs nested too deep', () => {
  it.each([
    ['memory.store', (value: string) => `{"scope":{"level":"project"},"kind":"fact","content":"deep","metadata":{"x":${value}}}`],
    ['runs.fork', (value: string) => `{"runId":"${runId}","stepIndex":1,"state":{"x":${value}}}`],
    [
      'agents.create',
      (value: string) =>
        `{"slug":"deep-agent","name":"Deep","config":{"instructions":"x","demoScript":{"replies":[{"text":"x","toolCalls":[{"name":"t","arguments":{"a":${value}}}]}]}}}`,
    ],
  ] as const)('%s answers BAD_REQUEST on the field input, past superjson and within its reach', async (procedure, input) => {
    // 5000 levels overflow superjson's recursive copy; 100 do not, and reached the schema before.
    for (const levels of [5000, 100]) {
      const result = await trpcRaw(server.baseUrl, cookie, procedure, 'mutation', `{"json":${input(brackets(levels))}}`);
      const error = (result.json as { error?: { json?: { message?: string; data?: { kind?: unknown; field?: unknown } } } } | undefined)?.error?.json;
      expect({ status: result.status, kind: error?.data?.kind, field: error?.data?.field }, result.text.slice(0, 300)).toEqual({
        status: 400,
        kind: 'validation',
        field: 'input',
      });
      expect(error?.message).toContain(`nested more than ${maximumJsonDepth} levels deep`);
    }
  });
});

describe('MCP messages nested too deep', () => {
  it('a tools/call with deep arguments answers 400 on the field body before MCP sees it', async () => {
    const message = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"store_memory","arguments":{"content":"deep","metadata":{"x":${brackets(5000)}}}}}`;
    const response = await fetchOnNewConnection(`${server.baseUrl}/api/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seeded.adminKey}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: message,
    });
    const result = await readCallResult(response, 'rest');
    expect(refusal(result), result.text.slice(0, 300)).toEqual({ status: 400, kind: 'validation', field: 'body' });
  });
});
