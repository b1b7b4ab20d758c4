import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { callTool, connectMcpClient, postMcp } from './support/mcp-client';
import { seedSecurityTenants, type SecurityTenants } from './support/security-tenants';

/**
 * `/api/mcp` at the protocol's edges (ADR 0034): the tenant's own request limits, one message per
 * POST, JSON-RPC errors for malformed calls and the REST error shape for bad tool arguments. A console
 * of its own, because the first test narrows tenant B's limits for good.
 */
interface ErrorBody {
  error: { kind: string; message: string; field?: string };
}
interface JsonRpcAnswer {
  id: number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

let dataDirectory: string;
let tenants: SecurityTenants;
let server: ConsoleProcess;
const clients: Client[] = [];

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-mcp-protocol-'));
  tenants = await seedSecurityTenants(dataDirectory);
  server = await startConsole({ dataDirectory });
}, 600_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

async function connect(apiKey: string): Promise<Client> {
  const client = await connectMcpClient(server.baseUrl, apiKey);
  clients.push(client);
  return client;
}

/** A raw JSON-RPC POST's answer, whether the transport sent it as JSON or as one SSE event. */
async function postMessage(apiKey: string, message: unknown): Promise<{ status: number; answer: JsonRpcAnswer }> {
  const response = await postMcp(server.baseUrl, apiKey, message);
  const text = await response.text();
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return { status: response.status, answer: JSON.parse(data ? data.slice('data: '.length) : text) as JsonRpcAnswer };
}

const listRuns = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_runs', arguments: { limit: 1 } } });

describe('request limits', () => {
  it("applies the tenant's own request limits (set by the instance operator) to MCP requests, as /api/v1 does", async () => {
    const operator = apiClient(server.baseUrl, tenants.operatorKey);
    // One token a minute after a burst of 2: five requests in a row cannot all pass, however slow the machine.
    const patched = await operator('PATCH', `/api/v1/tenants/${tenants.tenantB.id}`, { body: { rateLimitPerMinute: 1, rateLimitBurst: 2 } });
    expect(patched.status).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await postMcp(server.baseUrl, tenants.tenantB.keys.operator, listRuns(index + 1));
      await response.text();
      statuses.push(response.status);
    }
    // The default limit (a burst of 120) would have answered all five.
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses).toContain(429);
  });

  it('refuses a JSON-RPC batch (MCP 2025-06-18 has none) with 400 and a JSON-RPC error', async () => {
    const key = tenants.tenantA.keys.admin;
    const response = await postMcp(
      server.baseUrl,
      key,
      Array.from({ length: 100 }, (_, index) => listRuns(index + 1)),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as JsonRpcAnswer & { jsonrpc: string };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { kind: 'validation', field: 'body' } } });
    expect(body.error?.message).toMatch(/batch/i);
    // One message per POST is still answered.
    const single = await postMessage(key, listRuns(1));
    expect(single.status).toBe(200);
    expect(single.answer.error).toBeUndefined();
  });
});

describe('malformed tools/call params', () => {
  it('are -32602 Invalid params with one short line naming the param, not -32603 Internal error with a validation dump', async () => {
    const cases = [
      { message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_runs', arguments: [1] } }, field: 'params.arguments' },
      { message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_runs', arguments: null } }, field: 'params.arguments' },
      { message: { jsonrpc: '2.0', id: 3, method: 'tools/call' }, field: 'params' },
      { message: { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { arguments: {} } }, field: 'params.name' },
    ];
    for (const { message, field } of cases) {
      const { answer } = await postMessage(tenants.tenantA.keys.viewer, message);
      expect(answer.id, JSON.stringify(message)).toBe(message.id);
      expect(answer.error?.code, JSON.stringify(answer)).toBe(-32602);
      // McpError's own "MCP error -32602: " prefix, then one line.
      expect(answer.error?.message).toMatch(new RegExp(`^(MCP error -32602: )?Invalid params: ${field.replace('.', '\\.')}: [^\n]{1,120}$`));
      expect(answer.error?.data).toEqual({ kind: 'validation', field });
    }
    // Methods nobody serves are still "Method not found".
    const unknownMethod = await postMessage(tenants.tenantA.keys.viewer, { jsonrpc: '2.0', id: 5, method: 'prompts/list', params: {} });
    expect(unknownMethod.answer.error?.code).toBe(-32601);
  });
});

describe('malformed params of the other methods', () => {
  // Every method and input class is in src/server/mcp/answer-mcp-message.int.test.ts; these go through the HTTP edge too.
  it('are -32602 naming the param as well, and a run no one can see is -32002 Resource not found', async () => {
    const cases = [
      { message: { jsonrpc: '2.0', id: 11, method: 'resources/read', params: {} }, field: 'params.uri' },
      { message: { jsonrpc: '2.0', id: 12, method: 'resources/read', params: { uri: 'not a uri' } }, field: 'params.uri' },
      { message: { jsonrpc: '2.0', id: 13, method: 'resources/read', params: { uri: 'agentloom://runs/not-a-uuid' } }, field: 'params.uri' },
      { message: { jsonrpc: '2.0', id: 14, method: 'tools/list', params: { cursor: 5 } }, field: 'params.cursor' },
      { message: { jsonrpc: '2.0', id: 15, method: 'tools/list', params: null }, field: 'params' },
      { message: { jsonrpc: '2.0', id: 16, method: 'initialize', params: {} }, field: 'params.protocolVersion' },
    ];
    for (const { message, field } of cases) {
      const { status, answer } = await postMessage(tenants.tenantA.keys.viewer, message);
      expect(status, JSON.stringify(message)).toBe(200);
      expect(answer.id).toBe(message.id);
      expect(answer.error?.code, JSON.stringify(answer)).toBe(-32602);
      expect(answer.error?.message).toMatch(new RegExp(`^MCP error -32602: Invalid params: ${field.replaceAll('.', '\\.')}: [^\n]{1,200}$`));
      expect(answer.error?.data).toEqual({ kind: 'validation', field });
    }
    const uri = 'agentloom://runs/6f1c1f43-3b1e-4f0e-9a43-7c0a0d7c9f11';
    const unseen = await postMessage(tenants.tenantA.keys.viewer, { jsonrpc: '2.0', id: 17, method: 'resources/read', params: { uri } });
    expect(unseen.answer.error).toEqual({
      code: -32002,
      message: `MCP error -32002: Resource not found: ${uri}`,
      data: { kind: 'not-found', field: 'params.uri', uri },
    });
  });
});

describe('tool argument errors', () => {
  it('answer in the REST error shape naming the field, as the services do (ADR 0034 §4)', async () => {
    const client = await connect(tenants.tenantA.keys.operator);
    const notUuid = await callTool<ErrorBody>(client, 'get_run', { runId: 'not-a-uuid' });
    expect(notUuid.isError).toBe(true);
    expect(notUuid.body.error).toMatchObject({ kind: 'validation', field: 'runId' });
    expect(JSON.parse(notUuid.text)).toEqual(notUuid.body);
    const missing = await callTool<ErrorBody>(client, 'get_run', {});
    expect(missing.body.error).toMatchObject({ kind: 'validation', field: 'runId' });
    const nested = await callTool<ErrorBody>(client, 'start_run', { agent: 'demo-researcher', input: 'hello', budget: { maxTokens: 'many' } });
    expect(nested.body.error).toMatchObject({ kind: 'validation', field: 'budget.maxTokens' });
    const unknownTool = await callTool<ErrorBody>(client, 'no_such_tool', {});
    expect(unknownTool.isError).toBe(true);
    expect(unknownTool.body.error).toMatchObject({ kind: 'not-found', field: 'name' });
    expect(unknownTool.body.error.message).toContain('get_run');
  });

  it('leaves the role check first and the listed input schemas as they were', async () => {
    const viewer = await connect(tenants.tenantA.keys.viewer);
    const forbidden = await callTool<ErrorBody>(viewer, 'start_run', { agent: 'demo-researcher' });
    expect(forbidden.kind).toBe('forbidden');
    const { tools } = await viewer.listTools();
    const getRun = tools.find((tool) => tool.name === 'get_run');
    expect(getRun?.inputSchema).toMatchObject({ type: 'object', required: ['runId'], properties: { runId: { type: 'string', format: 'uuid' } } });
  });
});
