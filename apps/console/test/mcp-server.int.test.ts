import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiClient, eventually } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { callTool, connectMcpClient, postMcp } from './support/mcp-client';
import { fetchOnNewConnection } from './support/new-connection';
import { readmeCodeBlocks } from './support/readme-section';
import { seedSecurityTenants, type SecurityTenants } from './support/security-tenants';

/**
 * `/api/mcp` driven by the official MCP SDK client (Streamable HTTP) against the production
 * console on a fresh embedded data directory: tools, progress, approvals, memory, resources, and
 * the same authentication, roles, tenant isolation and rate limit as `/api/v1`.
 */
interface RunSummaryBody {
  created: boolean;
  wait?: string;
  run: { id: string; status: string; output: unknown; threadId: string | null };
  steps: { index: number; kind: string; toolCalls: string[] }[];
  pendingApprovals: { id: string; toolName: string }[];
}
interface ErrorBody {
  error: { kind: string; message: string; field?: string };
}

let dataDirectory: string;
let tenants: SecurityTenants;
let server: ConsoleProcess;
const clients: Client[] = [];

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-mcp-server-'));
  tenants = await seedSecurityTenants(dataDirectory);
  // One token a second after the burst of 120, so the rate-limit test drains a key in one go.
  server = await startConsole({ dataDirectory, environment: { AGENTLOOM_RATE_LIMIT_PER_MINUTE: '60' } });
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

const keysOfA = () => tenants.tenantA.keys;

async function startAndWait(client: Client, agent: string, input: string, onprogress?: (progress: Progress) => void): Promise<RunSummaryBody> {
  const answer = await callTool<RunSummaryBody>(client, 'start_run', { agent, input, wait: true }, {
    ...(onprogress ? { onprogress } : {}),
    // The run may take a while on a loaded machine; each progress notification restarts the clock.
    timeout: 120_000,
    resetTimeoutOnProgress: true,
  });
  expect(answer.isError, answer.text).toBe(false);
  return answer.body;
}

describe('authentication', () => {
  it('answers 401 in the REST error shape without a key, with a malformed header and with an unknown key', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    for (const authorization of [undefined, 'Basic abc', 'Bearer al_not_a_real_key']) {
      const response = await fetchOnNewConnection(`${server.baseUrl}/api/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(authorization ? { Authorization: authorization } : {}) },
        body: JSON.stringify(initialize),
      });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(response.headers.get('x-request-id')).toBeTruthy();
      expect(((await response.json()) as ErrorBody).error.kind).toBe('unauthenticated');
    }
  });

  it('refuses the SDK client without a key (HTTP 401, before any MCP message is handled)', async () => {
    const refused = await connectMcpClient(server.baseUrl, undefined).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(401);
  });

  it('serves POST only: GET (a standalone stream) and DELETE (a session end) are 405, as a stateless server answers', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetchOnNewConnection(`${server.baseUrl}/api/mcp`, {
        method,
        headers: { Authorization: `Bearer ${keysOfA().viewer}`, Accept: 'text/event-stream' },
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toContain('POST');
    }
  });
});

describe('tools and resources', () => {
  it('lists the tools with their input schemas and the least role each needs', async () => {
    const client = await connect(keysOfA().viewer);
    const { tools } = await client.listTools();
    const roles = Object.fromEntries(tools.map((tool) => [tool.name, tool._meta?.['agentloom/role']]));
    expect(roles).toEqual({
      start_run: 'operator',
      get_run: 'viewer',
      list_runs: 'viewer',
      list_approvals: 'viewer',
      decide_approval: 'operator',
      search_memory: 'viewer',
    });
    const startRun = tools.find((tool) => tool.name === 'start_run')!;
    expect(startRun.inputSchema.required).toEqual(expect.arrayContaining(['agent', 'input']));
    expect(tools.find((tool) => tool.name === 'get_run')!.annotations?.readOnlyHint).toBe(true);
  });

  it('starts a run by agent slug and waits for its result, with a progress notification per event', async () => {
    const client = await connect(keysOfA().operator);
    const progress: Progress[] = [];
    const summary = await startAndWait(client, 'demo-researcher', 'What makes runs durable?', (notification) => progress.push(notification));
    expect(summary.created).toBe(true);
    expect(summary.wait).toBe('finished');
    expect(summary.run.status).toBe('succeeded');
    expect(summary.run.output).not.toBeNull();
    expect(summary.steps.length).toBeGreaterThan(0);
    // One notification per event, in log order, ending with the run's end.
    expect(progress.length).toBeGreaterThan(2);
    const values = progress.map((notification) => notification.progress);
    expect(values).toEqual([...values].sort((left, right) => left - right));
    expect(new Set(values).size).toBe(values.length);
    expect(progress.map((notification) => notification.message)).toEqual(expect.arrayContaining([expect.stringMatching(/^step-started/), expect.stringMatching(/^run-started/)]));
    expect(progress.at(-1)?.message).toMatch(/^run-finished/);
    // get_run reads the same run back; the agent's display name starts a run too.
    const read = await callTool<RunSummaryBody>(client, 'get_run', { runId: summary.run.id });
    expect(read.body.run.status).toBe('succeeded');
    const byName = await callTool<RunSummaryBody>(client, 'start_run', { agent: 'Demo researcher', input: 'Again' });
    expect(byName.isError, byName.text).toBe(false);
    expect(byName.body.run.status).toMatch(/queued|running|succeeded/);
  });

  it('returns when a run waits for approval; lists and approves it through MCP, and the run completes', async () => {
    const client = await connect(keysOfA().operator);
    const summary = await startAndWait(client, tenants.tenantA.agentIds['demo-operator']!, 'Please restart the service');
    expect(summary.wait).toBe('waiting-for-approval');
    expect(summary.run.status).toBe('waiting_human');
    expect(summary.pendingApprovals).toHaveLength(1);
    const listed = await callTool<{ approvals: { id: string; status: string }[] }>(client, 'list_approvals', { runId: summary.run.id, status: 'pending' });
    expect(listed.body.approvals.map((approval) => approval.id)).toEqual([summary.pendingApprovals[0]!.id]);
    const decided = await callTool<{ status: string; decidedBy: string }>(client, 'decide_approval', { approvalId: listed.body.approvals[0]!.id, decision: 'approve' });
    expect(decided.isError, decided.text).toBe(false);
    expect(decided.body.status).toBe('approved');
    const again = await callTool(client, 'decide_approval', { approvalId: listed.body.approvals[0]!.id, decision: 'approve' });
    expect(again.kind).toBe('conflict');
    const finished = await eventually(async () => {
      const read = await callTool<RunSummaryBody>(client, 'get_run', { runId: summary.run.id });
      return read.body.run.status === 'succeeded' ? read.body : undefined;
    });
    expect(finished.steps.some((step) => step.toolCalls.some((call) => call.includes('succeeded')))).toBe(true);
  });

  it('searches memory with the REST search (stored through REST, found through MCP)', async () => {
    const marker = `mcp-memory-${randomUUID()}`;
    const stored = await apiClient(server.baseUrl, keysOfA().admin)('POST', '/api/v1/memories', {
      body: { scope: { level: 'project' }, kind: 'fact', content: `${marker} is the staging database host` },
    });
    expect(stored.status).toBe(201);
    const client = await connect(keysOfA().viewer);
    const found = await callTool<{ hits: { item: { id: string; content: string }; score: number }[] }>(client, 'search_memory', { query: marker, limit: 5 });
    expect(found.isError, found.text).toBe(false);
    expect(found.body.hits[0]?.item.id).toBe(stored.body.id);
  });

  it('answers bad input with tool errors that name the kind and field, as REST does', async () => {
    const client = await connect(keysOfA().operator);
    const unknownAgent = await callTool<ErrorBody>(client, 'start_run', { agent: 'no-such-agent', input: 'hello' });
    expect(unknownAgent.isError).toBe(true);
    expect(unknownAgent.body.error).toMatchObject({ kind: 'not-found', field: 'agent' });
    const rejectWithoutReason = await callTool<ErrorBody>(client, 'decide_approval', { approvalId: randomUUID(), decision: 'reject' });
    expect(rejectWithoutReason.body.error).toMatchObject({ kind: 'validation', field: 'reason' });
    const unknownRun = await callTool<ErrorBody>(client, 'get_run', { runId: randomUUID() });
    expect(unknownRun.body.error.kind).toBe('not-found');
  });

  it('lists runs and threads as resources and reads them by URI', async () => {
    const admin = apiClient(server.baseUrl, keysOfA().admin);
    const thread = await admin<{ id: string }>('POST', '/api/v1/threads', { body: { agentId: tenants.tenantA.agentIds['demo-researcher'], title: 'MCP thread' } });
    const client = await connect(keysOfA().operator);
    const summary = await callTool<RunSummaryBody>(client, 'start_run', { agent: 'demo-researcher', input: 'In a thread', threadId: thread.body.id, wait: true }, { timeout: 120_000 });
    expect(summary.body.run.threadId).toBe(thread.body.id);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual(['agentloom://runs/{id}', 'agentloom://threads/{id}']);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining([`agentloom://runs/${summary.body.run.id}`, `agentloom://threads/${thread.body.id}`]),
    );
    const run = await client.readResource({ uri: `agentloom://runs/${summary.body.run.id}` });
    expect(JSON.parse((run.contents[0] as { text: string }).text)).toMatchObject({ run: { id: summary.body.run.id } });
    const threadResource = await client.readResource({ uri: `agentloom://threads/${thread.body.id}` });
    const threadBody = JSON.parse((threadResource.contents[0] as { text: string }).text) as { thread: { title: string }; messages: { role: string }[] };
    expect(threadBody.thread.title).toBe('MCP thread');
    expect(threadBody.messages.length).toBeGreaterThan(0);
  });
});

describe('roles', () => {
  it('refuses start_run and decide_approval to a viewer key, starting and deciding nothing', async () => {
    const viewer = await connect(keysOfA().viewer);
    const marker = `viewer-start-${randomUUID()}`;
    const started = await callTool<ErrorBody>(viewer, 'start_run', { agent: 'demo-researcher', input: marker });
    expect(started.isError).toBe(true);
    expect(started.kind).toBe('forbidden');
    const runs = await apiClient(server.baseUrl, keysOfA().admin)<{ runs: unknown[] }>('GET', `/api/v1/runs?search=${marker}`);
    expect(runs.body.runs).toEqual([]);

    const operator = await connect(keysOfA().operator);
    const waiting = await startAndWait(operator, 'demo-operator', 'Please restart the service');
    const approvalId = waiting.pendingApprovals[0]!.id;
    const decided = await callTool<ErrorBody>(viewer, 'decide_approval', { approvalId, decision: 'reject', reason: 'viewer says no' });
    expect(decided.kind).toBe('forbidden');
    const still = await callTool<{ approvals: { status: string }[] }>(viewer, 'list_approvals', { runId: waiting.run.id });
    expect(still.body.approvals.map((approval) => approval.status)).toEqual(['pending']);
    // Reading stays open to the viewer.
    expect((await callTool(viewer, 'get_run', { runId: waiting.run.id })).isError).toBe(false);
  });
});

describe('tenant isolation', () => {
  it("tenant B's admin cannot read, list, resource-read or decide anything of tenant A", async () => {
    const operatorA = await connect(keysOfA().operator);
    const marker = `tenant-a-only-${randomUUID()}`;
    const waiting = await startAndWait(operatorA, 'demo-operator', `${marker} restart the service`);
    const approvalId = waiting.pendingApprovals[0]!.id;
    const adminB = await connect(tenants.tenantB.keys.admin);

    const read = await callTool<ErrorBody>(adminB, 'get_run', { runId: waiting.run.id });
    expect(read.kind).toBe('not-found');
    const decided = await callTool<ErrorBody>(adminB, 'decide_approval', { approvalId, decision: 'approve' });
    expect(decided.kind).toBe('not-found');
    const started = await callTool<ErrorBody>(adminB, 'start_run', { agent: tenants.tenantA.agentIds['demo-researcher']!, input: 'hijack' });
    expect(started.kind).toBe('not-found');
    const startedBySlug = await callTool<ErrorBody>(adminB, 'start_run', { agent: 'demo-researcher', input: 'hijack' });
    expect(startedBySlug.kind).toBe('not-found');
    const resource = await adminB.readResource({ uri: `agentloom://runs/${waiting.run.id}` }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(resource).toBeInstanceOf(McpError);
    expect((resource as McpError).code).toBe(-32002);

    const answers = [
      await callTool(adminB, 'list_runs', { search: marker }),
      await callTool(adminB, 'list_runs', {}),
      await callTool(adminB, 'list_approvals', {}),
      await callTool(adminB, 'search_memory', { query: marker }),
    ];
    for (const answer of answers) {
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.text).not.toContain(waiting.run.id);
      expect(answer.text).not.toContain(approvalId);
    }
    const { resources } = await adminB.listResources();
    expect(JSON.stringify(resources)).not.toContain(waiting.run.id);
    // A's approval is untouched.
    const stillPending = await callTool<{ approvals: { status: string }[] }>(operatorA, 'list_approvals', { runId: waiting.run.id });
    expect(stillPending.body.approvals.map((approval) => approval.status)).toEqual(['pending']);
  });
});

describe('rate limit', () => {
  it("counts MCP requests against the key's request budget: 429 with Retry-After once it is spent", async () => {
    // Tenant B's viewer key is used by no other test; batches in parallel spend the burst faster than it refills.
    const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    let refused: Response | undefined;
    for (let batch = 0; batch < 20 && refused === undefined; batch += 1) {
      const responses = await Promise.all(Array.from({ length: 25 }, () => postMcp(server.baseUrl, tenants.tenantB.keys.viewer, listTools)));
      for (const response of responses) {
        if (response.status === 429) refused ??= response;
        else {
          expect(response.status).toBe(200);
          await response.body?.cancel();
        }
      }
    }
    expect(refused, 'no 429 after 500 requests').toBeDefined();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused!.json()) as ErrorBody).error.kind).toBe('rate-limited');
  });
});

describe('README "AgentLoom as an MCP server"', () => {
  const blocks = readmeCodeBlocks('AgentLoom as an MCP server');

  it('has client configs that parse and point at /api/mcp with a bearer key', () => {
    const configs = blocks.filter((block) => block.language === 'json').map((block) => JSON.parse(block.code) as { mcpServers: Record<string, unknown> });
    expect(configs).toHaveLength(2);
    for (const config of configs) expect(JSON.stringify(config.mcpServers.agentloom)).toMatch(/\/api\/mcp".*Bearer al_/s);
  });

  it('its curl command lists the tools of a live console', () => {
    const shell = blocks.find((block) => block.language === 'sh')!;
    const result = spawnSync('bash', ['-euo', 'pipefail', '-c', shell.code], {
      env: { ...process.env, AGENTLOOM_URL: server.baseUrl, AGENTLOOM_API_KEY: keysOfA().viewer },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const data = /^data: (.*)$/m.exec(result.stdout)?.[1];
    const names = (JSON.parse(data ?? 'null') as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);
    expect(names).toContain('start_run');
  });
});
