import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHttpMcpFixture, stdioFixtureAllowList as stdioAllow, type HttpMcpFixture } from '@agentloom/platform/testing';
import { apiClient, eventually, type ApiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { sessionCookie, trpcCall } from './support/security-calls';
import { seedDataDirectory, type SeededDataDirectory } from './support/seed-data-directory';

/**
 * MCP servers through the public API of the production console (embedded database, the console's
 * own executor): the operator allows the fixture's stdio command and the loopback address of the
 * in-process HTTP fixture; a tenant adds both, tests them, attaches them to an agent and runs it.
 */
const token = `console-token-${randomUUID()}`;

interface McpServerBody {
  id: string;
  name: string;
  headers: { name: string; set: boolean }[];
}
interface ErrorBody {
  error: { kind: string; field?: string };
}

let dataDirectory: string;
let seeded: SeededDataDirectory;
let server: ConsoleProcess;
let admin: ApiClient;
let http: HttpMcpFixture;

beforeAll(async () => {
  ensureConsoleBuild();
  http = await startHttpMcpFixture({ token });
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-api-mcp-'));
  seeded = await seedDataDirectory(dataDirectory);
  server = await startConsole({
    dataDirectory,
    environment: { AGENTLOOM_ALLOW_PRIVATE_TARGETS: '127.0.0.1', AGENTLOOM_MCP_STDIO_ALLOW: JSON.stringify(stdioAllow) },
  });
  admin = apiClient(server.baseUrl, seeded.adminKey);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await http?.close();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

describe('/api/v1/mcp-servers', () => {
  it('adds a stdio and an HTTP server; the auth header is "set", never returned', async () => {
    const local = await admin<McpServerBody>('POST', '/api/v1/mcp-servers', { body: { name: 'local', transport: 'stdio', stdioCommand: 'fixture' } });
    expect(local.status).toBe(201);
    const remote = await admin<McpServerBody>('POST', '/api/v1/mcp-servers', {
      body: { name: 'remote', transport: 'streamable-http', url: http.url, headers: { Authorization: `Bearer ${token}` } },
    });
    expect(remote.status).toBe(201);
    expect(remote.body.headers).toEqual([{ name: 'Authorization', set: true }]);
    expect(remote.headers.get('location')).toBe(`/api/v1/mcp-servers/${remote.body.id}`);
    const listed = await admin<{ mcpServers: McpServerBody[]; stdioCommands: string[] }>('GET', '/api/v1/mcp-servers');
    expect(listed.body.stdioCommands).toEqual(['fixture']);
    expect(listed.body.mcpServers.map((entry) => entry.name)).toEqual(['local', 'remote']);
    const patched = await admin('PATCH', `/api/v1/mcp-servers/${remote.body.id}`, { body: { description: 'the fixture over HTTP' } });
    expect(patched.status).toBe(200);
    const read = await admin('GET', `/api/v1/mcp-servers/${remote.body.id}`);
    const audit = await admin('GET', '/api/v1/audit-log?limit=100');
    expect(JSON.stringify([remote.body, listed.body, patched.body, read.body, audit.body])).not.toContain(token);
  });

  it('connects and lists tools with schema hashes, or says why not', async () => {
    const { body } = await admin<{ mcpServers: McpServerBody[] }>('GET', '/api/v1/mcp-servers');
    for (const entry of body.mcpServers) {
      const tested = await admin<{ status: string; tools: { name: string; schemaHash: string }[] }>('POST', `/api/v1/mcp-servers/${entry.id}/test`);
      expect(tested.status).toBe(200);
      expect(tested.body.status).toBe('connected');
      expect(tested.body.tools.map((tool) => tool.name)).toEqual(['lookup', 'record']);
    }
    const wrongKey = await admin<McpServerBody>('POST', '/api/v1/mcp-servers', { body: { name: 'wrong-key', transport: 'streamable-http', url: http.url, headers: { Authorization: 'Bearer no' } } });
    expect((await admin('POST', `/api/v1/mcp-servers/${wrongKey.body.id}/test`)).body).toMatchObject({ status: 'failed', errorKind: 'mcp-auth' });
    expect((await admin('DELETE', `/api/v1/mcp-servers/${wrongKey.body.id}`)).status).toBe(200);
  });

  it('shows a credential in the URL as ***; a PATCH that sends the shown URL back keeps the stored one', async () => {
    const querySecret = `query-secret-${randomUUID()}`;
    const created = await admin<McpServerBody & { url: string }>('POST', '/api/v1/mcp-servers', {
      body: { name: 'tokened', transport: 'streamable-http', url: `${http.url}?token=${querySecret}`, headers: { Authorization: `Bearer ${token}` } },
    });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(`${http.url}?token=***`);
    const patched = await admin('PATCH', `/api/v1/mcp-servers/${created.body.id}`, { body: { url: created.body.url, description: 'round trip' } });
    expect(patched.status).toBe(200);
    const read = await admin('GET', `/api/v1/mcp-servers/${created.body.id}`);
    const listed = await admin('GET', '/api/v1/mcp-servers');
    const audit = await admin('GET', '/api/v1/audit-log?limit=100');
    expect(read.body).toMatchObject({ url: `${http.url}?token=***`, description: 'round trip' });
    expect(JSON.stringify([created.body, patched.body, read.body, listed.body, audit.body])).not.toContain(querySecret);
    // The stored URL (with its token) is the one the server still connects to.
    expect((await admin('POST', `/api/v1/mcp-servers/${created.body.id}/test`)).body).toMatchObject({ status: 'connected' });
    expect((await admin('DELETE', `/api/v1/mcp-servers/${created.body.id}`)).status).toBe(200);
  });

  it('refuses a command outside the allow-list, a metadata or private URL, and the viewer role', async () => {
    const shell = await admin<ErrorBody>('POST', '/api/v1/mcp-servers', { body: { name: 'shell', transport: 'stdio', stdioCommand: 'bash' } });
    expect(shell.status).toBe(400);
    expect(shell.body.error).toMatchObject({ kind: 'validation', field: 'stdioCommand' });
    for (const url of ['http://169.254.169.254/mcp', 'http://[::1]:3000/mcp', 'http://192.168.1.10/mcp']) {
      const refused = await admin<ErrorBody>('POST', '/api/v1/mcp-servers', { body: { name: 'private', transport: 'streamable-http', url } });
      expect(refused.status, url).toBe(400);
      expect(refused.body.error, url).toMatchObject({ kind: 'validation', field: 'url' });
    }
    const created = await admin<{ key: string }>('POST', '/api/v1/api-keys', { body: { name: 'mcp viewer', role: 'viewer' } });
    const viewer = apiClient(server.baseUrl, created.body.key);
    expect((await viewer<ErrorBody>('GET', '/api/v1/mcp-servers')).status).toBe(403);
    expect((await viewer<ErrorBody>('POST', '/api/v1/mcp-servers', { body: { name: 'v', transport: 'stdio', stdioCommand: 'fixture' } })).status).toBe(403);
  });

  it("runs an agent that calls both servers' tools on the console's executor", async () => {
    const cookie = await sessionCookie(server.baseUrl, seeded.adminKey);
    const created = await trpcCall(server.baseUrl, cookie, 'agents.create', 'mutation', {
      slug: 'mcp-agent',
      name: 'MCP agent',
      config: {
        mcpServers: [{ server: 'local' }, { server: 'remote', tools: ['record'] }],
        demoScript: {
          replies: [
            { toolCalls: [{ name: 'mcp.local.lookup', arguments: { city: 'Porto' } }, { name: 'mcp.remote.record', arguments: { note: 'from the console' } }] },
            { text: 'Done.' },
          ],
        },
      },
    });
    expect(created.status, created.text).toBe(200);
    const agentId = (created.json as { result: { data: { json: { id: string } } } }).result.data.json.id;
    const run = await admin<{ id: string }>('POST', '/api/v1/runs', { body: { agentId, input: 'Where is Porto?' } });
    expect(run.status).toBe(201);
    const finished = await eventually(async () => {
      const current = await admin<{ status: string; usage: { toolCalls: number } }>('GET', `/api/v1/runs/${run.body.id}`);
      return ['succeeded', 'failed', 'cancelled'].includes(current.body.status) ? current.body : undefined;
    });
    expect(finished).toMatchObject({ status: 'succeeded', usage: { toolCalls: 2 } });
    const recorded = http.calls.find((call) => call.tool === 'record' && call.arguments.note === 'from the console');
    expect(recorded?.meta?.idempotencyKey).toEqual(expect.any(String));
  });

  it('documents the operations with response schemas', async () => {
    type Schema = Record<string, unknown>;
    const document = await admin<{
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>>;
      components: { schemas: Record<string, Schema> };
    }>('GET', '/api/v1/openapi.json');
    // Answers are named views (`$ref` into `components.schemas`); read each with the views it names.
    const named = (schema: Schema | undefined) => document.body.components.schemas[String(schema?.$ref).replace('#/components/schemas/', '')];
    const list = document.body.paths['/api/v1/mcp-servers']?.get?.responses['200']?.content['application/json']?.schema;
    expect(list).toEqual({ $ref: '#/components/schemas/McpServerList' });
    expect(named(list)).toMatchObject({ type: 'object', properties: { mcpServers: { type: 'array' }, stdioCommands: { type: 'array' } } });
    const tested = document.body.paths['/api/v1/mcp-servers/{id}/test']?.post?.responses['200']?.content['application/json']?.schema;
    expect(JSON.stringify(named(tested))).toContain('"errorKind"');
    expect(JSON.stringify(named(tested))).toContain('"#/components/schemas/McpTool"');
    expect(JSON.stringify(document.body.components.schemas.McpTool)).toContain('"schemaHash"');
  });
});
