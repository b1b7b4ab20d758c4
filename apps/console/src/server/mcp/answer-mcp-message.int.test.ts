import type { Principal } from '@agentloom/platform';
import { createTenantAdmin, createTestPlatform, type TestPlatform } from '@agentloom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { answerMcpMessage } from './answer-mcp-message';

/**
 * Every method `/api/mcp` serves, with malformed params of each kind (missing, wrong type, huge,
 * escapes and lone surrogates, extra fields), answered by the same server and transport as a real
 * POST, on a real embedded database (ADR 0034). Malformed params are -32602 naming the field, never
 * -32603; a run or thread the caller cannot see is -32002 whether it exists in another tenant or not.
 */
interface JsonRpcAnswer {
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

let test: TestPlatform;
let tenantA: Principal;
let tenantB: Principal;
let runUri: string;
let threadUri: string;

beforeAll(async () => {
  test = await createTestPlatform('embedded');
  tenantA = (await test.platform.auth.authenticate(test.adminKey))!;
  tenantB = await createTenantAdmin(test, { slug: 'tenant-b' });
  const [agent] = await test.platform.agents.list(tenantA, { includeArchived: false });
  const thread = await test.platform.threads.create(tenantA, { agentId: agent!.id });
  // No executor runs here: the run stays queued, which is all a read needs.
  const { run } = await test.platform.runs.create(tenantA, { agentId: agent!.id, input: 'hello', threadId: thread.id });
  runUri = `agentloom://runs/${run.id}`;
  threadUri = `agentloom://threads/${thread.id}`;
});

afterAll(async () => {
  await test?.dispose();
});

let nextId = 1;

/** One JSON-RPC request as `principal`, answered as `POST /api/mcp` answers it (JSON or one SSE event). */
async function ask(principal: Principal, method: string, params?: unknown): Promise<JsonRpcAnswer & { sentId: number }> {
  const id = nextId++;
  const message = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
  const request = new Request('http://console.test/api/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify(message),
  });
  const response = await answerMcpMessage(test.platform, principal, request, message);
  expect(response.status).toBe(200);
  const text = await response.text();
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return { ...(JSON.parse(data ? data.slice('data: '.length) : text) as JsonRpcAnswer), sentId: id };
}

const someUuid = '6f1c1f43-3b1e-4f0e-9a43-7c0a0d7c9f11';
const hugeString = 'x'.repeat(500_000);
const client = { name: 'params-test', version: '1.0.0' };
const initializeParams = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: client };

/** Malformed params of every method we serve, and the field each answer must name. */
const malformedCases: { name: string; method: string; params?: unknown; field: string }[] = [
  { name: 'initialize without params', method: 'initialize', field: 'params' },
  { name: 'initialize without protocolVersion', method: 'initialize', params: { capabilities: {}, clientInfo: client }, field: 'params.protocolVersion' },
  { name: 'initialize with capabilities an array', method: 'initialize', params: { ...initializeParams, capabilities: [] }, field: 'params.capabilities' },
  {
    name: 'initialize with clientInfo.name a number',
    method: 'initialize',
    params: { ...initializeParams, clientInfo: { name: 1, version: '1' } },
    field: 'params.clientInfo.name',
  },
  { name: 'ping with _meta an array', method: 'ping', params: { _meta: [] }, field: 'params._meta' },
  { name: 'tools/list with params null', method: 'tools/list', params: null, field: 'params' },
  { name: 'tools/list with params an array', method: 'tools/list', params: ['cursor'], field: 'params' },
  { name: 'tools/list with a numeric cursor', method: 'tools/list', params: { cursor: 5 }, field: 'params.cursor' },
  { name: 'tools/list with a cursor it never issued', method: 'tools/list', params: { cursor: 'page-2' }, field: 'params.cursor' },
  { name: 'tools/list with a progressToken an object', method: 'tools/list', params: { _meta: { progressToken: {} } }, field: 'params._meta.progressToken' },
  { name: 'resources/list with a huge cursor', method: 'resources/list', params: { cursor: hugeString }, field: 'params.cursor' },
  { name: 'resources/list with a cursor an object', method: 'resources/list', params: { cursor: {} }, field: 'params.cursor' },
  { name: 'resources/templates/list with a cursor', method: 'resources/templates/list', params: { cursor: 'x' }, field: 'params.cursor' },
  { name: 'tools/call without params', method: 'tools/call', field: 'params' },
  { name: 'tools/call with a numeric name', method: 'tools/call', params: { name: 7 }, field: 'params.name' },
  { name: 'tools/call with arguments an array', method: 'tools/call', params: { name: 'list_runs', arguments: [] }, field: 'params.arguments' },
  { name: 'resources/read without params', method: 'resources/read', field: 'params' },
  { name: 'resources/read with params null', method: 'resources/read', params: null, field: 'params' },
  { name: 'resources/read without uri', method: 'resources/read', params: {}, field: 'params.uri' },
  { name: 'resources/read with uri a number', method: 'resources/read', params: { uri: 42 }, field: 'params.uri' },
  { name: 'resources/read with uri null', method: 'resources/read', params: { uri: null }, field: 'params.uri' },
  { name: 'resources/read with uri an object', method: 'resources/read', params: { uri: { href: `agentloom://runs/${someUuid}` } }, field: 'params.uri' },
  { name: 'resources/read with an empty uri', method: 'resources/read', params: { uri: '' }, field: 'params.uri' },
  { name: 'resources/read with a uri that is no URL', method: 'resources/read', params: { uri: 'not a uri' }, field: 'params.uri' },
  { name: 'resources/read with another scheme', method: 'resources/read', params: { uri: `https://example.com/runs/${someUuid}` }, field: 'params.uri' },
  { name: 'resources/read of a collection we do not serve', method: 'resources/read', params: { uri: `agentloom://agents/${someUuid}` }, field: 'params.uri' },
  { name: 'resources/read without an id', method: 'resources/read', params: { uri: 'agentloom://runs/' }, field: 'params.uri' },
  { name: 'resources/read with an id that is no UUID', method: 'resources/read', params: { uri: 'agentloom://runs/not-a-uuid' }, field: 'params.uri' },
  {
    name: 'resources/read with a path after the id',
    method: 'resources/read',
    params: { uri: `agentloom://threads/${someUuid}/messages` },
    field: 'params.uri',
  },
  {
    name: 'resources/read with a percent-escaped id',
    method: 'resources/read',
    params: { uri: `agentloom://runs/%36${someUuid.slice(1)}` },
    field: 'params.uri',
  },
  { name: 'resources/read with a lone surrogate', method: 'resources/read', params: { uri: 'agentloom://runs/\ud800' }, field: 'params.uri' },
  { name: 'resources/read with a huge uri', method: 'resources/read', params: { uri: `agentloom://runs/${hugeString}` }, field: 'params.uri' },
];

describe('malformed params', () => {
  it.each(malformedCases)('$name: -32602 naming $field in one short line', async ({ method, params, field }) => {
    const answer = await ask(tenantA, method, params);
    expect(answer.id).toBe(answer.sentId);
    expect(answer.error?.code, JSON.stringify(answer).slice(0, 500)).toBe(-32602);
    expect(answer.error?.message).toMatch(new RegExp(`^MCP error -32602: Invalid params: ${field.replaceAll('.', '\\.')}: [^\\n]{1,200}$`));
    expect(answer.error?.data).toEqual({ kind: 'validation', field });
    // Neither the huge value nor zod's issue dump comes back.
    expect(JSON.stringify(answer).length).toBeLessThan(1_000);
  });

  it('ignores fields MCP may add later, in every method', async () => {
    const extra = { someFutureField: { nested: true } };
    expect((await ask(tenantA, 'initialize', { ...initializeParams, ...extra })).result).toMatchObject({ serverInfo: { name: 'agentloom' } });
    expect((await ask(tenantA, 'ping', extra)).result).toEqual({});
    expect((await ask(tenantA, 'tools/list', extra)).result?.tools).toHaveLength(6);
    expect((await ask(tenantA, 'resources/list', extra)).result?.resources).toHaveLength(2);
    expect((await ask(tenantA, 'resources/templates/list', extra)).result?.resourceTemplates).toHaveLength(2);
    expect((await ask(tenantA, 'tools/call', { name: 'list_runs', arguments: {}, ...extra })).result?.isError).toBeUndefined();
    const read = await ask(tenantA, 'resources/read', { uri: runUri, ...extra });
    expect(read.result?.contents).toEqual([expect.objectContaining({ uri: runUri, mimeType: 'application/json' })]);
    expect((await ask(tenantA, 'resources/read', { uri: threadUri })).result?.contents).toHaveLength(1);
  });

  it('answers an unknown tool name without repeating a huge one', async () => {
    const answer = await ask(tenantA, 'tools/call', { name: hugeString });
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?.structuredContent).toMatchObject({ error: { kind: 'not-found', field: 'name' } });
    expect(JSON.stringify(answer).length).toBeLessThan(1_000);
  });
});

describe('methods nobody serves', () => {
  it.each(['prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel', 'constructor', '__proto__', 'toString'])(
    '%s is -32601 Method not found',
    async (method) => {
      const answer = await ask(tenantA, method, { name: 'x' });
      expect(answer.error).toMatchObject({ code: -32601 });
    },
  );
});

describe('resources the caller cannot see', () => {
  it('are -32002 Resource not found naming the uri, the same for an unknown id and another tenant’s', async () => {
    const unknownRun = `agentloom://runs/${someUuid}`;
    const unknownThread = `agentloom://threads/${someUuid}`;
    const answers = {
      unknownRun: await ask(tenantA, 'resources/read', { uri: unknownRun }),
      foreignRun: await ask(tenantB, 'resources/read', { uri: runUri }),
      unknownThread: await ask(tenantA, 'resources/read', { uri: unknownThread }),
      foreignThread: await ask(tenantB, 'resources/read', { uri: threadUri }),
    };
    const expected = (uri: string) => ({
      code: -32002,
      message: `MCP error -32002: Resource not found: ${uri}`,
      data: { kind: 'not-found', field: 'params.uri', uri },
    });
    expect(answers.unknownRun.error).toEqual(expected(unknownRun));
    expect(answers.foreignRun.error).toEqual(expected(runUri));
    expect(answers.unknownThread.error).toEqual(expected(unknownThread));
    expect(answers.foreignThread.error).toEqual(expected(threadUri));
    // Tenant A still reads both.
    expect((await ask(tenantA, 'resources/read', { uri: runUri })).error).toBeUndefined();
    expect((await ask(tenantA, 'resources/read', { uri: threadUri })).error).toBeUndefined();
  });
});
