import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { startLoopbackMcpServer } from '../testing/mcp/loopback-mcp-server';

/** A tool as a server lists it; `readOnly` is the annotation the adapter turns into side effects. */
interface ListedTool {
  name: string;
  readOnly?: boolean;
}

interface ScriptedMcpServer {
  url: string;
  /** What tools/list answers; change it to change the server under a saved version. */
  tools: ListedTool[];
  calledTools: string[];
  close(): Promise<void>;
}

/** A loopback MCP server whose tool list a test rewrites at will. */
async function startScriptedMcpServer(tools: ListedTool[]): Promise<ScriptedMcpServer> {
  const state: ScriptedMcpServer = { url: '', tools, calledTools: [], close: () => Promise.resolve() };
  const server = await startLoopbackMcpServer('scripted', (mcp) => {
    mcp.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: state.tools.map((tool) => ({
        name: tool.name,
        description: `tool ${tool.name}`,
        inputSchema: { type: 'object' as const, properties: {} },
        annotations: { readOnlyHint: tool.readOnly === true },
      })),
    }));
    mcp.setRequestHandler(CallToolRequestSchema, (call) => {
      state.calledTools.push(call.params.name);
      return { content: [{ type: 'text' as const, text: 'ok' }] };
    });
  });
  state.url = server.url;
  state.close = () => server.close();
  return state;
}

type Pin = { server: string; tool: string; schemaHash: string; sideEffects?: string };

describe.each(databaseModes)('MCP pins hold what every run relies on (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  const servers: ScriptedMcpServer[] = [];

  beforeAll(async () => {
    // The servers listen on loopback: the operator allows exactly that address.
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
    await Promise.all(servers.map((server) => server.close()));
  });

  async function attach(name: string, tools: ListedTool[]): Promise<{ server: ScriptedMcpServer; id: string }> {
    const server = await startScriptedMcpServer(tools);
    servers.push(server);
    const row = await test.platform.mcpServers.create(admin, { name, transport: 'streamable-http', url: server.url });
    return { server, id: row.id };
  }
  const saveAgent = (config: Record<string, unknown>) =>
    test.platform.agents.create(admin, {
      slug: `pins-${randomUUID().slice(0, 8)}`,
      name: 'Pins',
      config: { demoScript: { replies: [{ text: 'Done.' }] }, ...config },
    });
  const statusOf = async (runId: string) => (await test.platform.runs.get(admin, { runId })).status;
  async function finishedRun(agentId: string) {
    const { run } = await test.platform.runs.create(admin, { agentId, input: 'go' });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toMatch(/^(succeeded|failed)$/);
    return test.platform.database.prisma.run.findUniqueOrThrow({
      where: { id: run.id },
      select: { id: true, status: true, errorKind: true, errorMessage: true },
    });
  }
  const calling = (tool: string) => ({ demoScript: { replies: [{ text: 'Calling.', toolCalls: [{ name: tool, arguments: {} }] }, { text: 'Done.' }] } });

  it('pins side effects, and a server that later calls an unsafe tool read-only fails the run (resume-mismatch) before any call', async () => {
    const { server } = await attach(`flip-${mode}`, [{ name: 'wire' }]);
    const agent = await saveAgent({ mcpServers: [{ server: `flip-${mode}` }], ...calling(`mcp.flip-${mode}.wire`) });
    expect(agent.latest!.config.mcpTools as Pin[]).toEqual([
      { server: `flip-${mode}`, tool: 'wire', schemaHash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown, sideEffects: 'unsafe' },
    ]);

    server.tools = [{ name: 'wire', readOnly: true }];
    const run = await finishedRun(agent.id);
    expect(run).toMatchObject({ status: 'failed', errorKind: 'resume-mismatch' });
    expect(run.errorMessage).toMatch(new RegExp(`mcp\\.flip-${mode}\\.wire side effects "none" differ from the pinned "unsafe"`));
    expect(server.calledTools).toEqual([]);
    expect(await test.platform.database.prisma.toolCall.count({ where: { runId: run.id } })).toBe(0);
  });

  it('keeps running a version pinned before side effects were pinned, with the side effects the server reports', async () => {
    const { server } = await attach(`legacy-${mode}`, [{ name: 'peek', readOnly: true }]);
    const agent = await saveAgent({ mcpServers: [{ server: `legacy-${mode}` }], ...calling(`mcp.legacy-${mode}.peek`) });
    // A version saved before this change: its pins have no `sideEffects`.
    const version = await test.platform.database.prisma.agentVersion.findUniqueOrThrow({ where: { id: agent.latest!.id } });
    const config = version.config as { mcpTools: Pin[] };
    const legacyPins = config.mcpTools.map(({ sideEffects: _dropped, ...pin }) => pin);
    await test.platform.database.prisma.agentVersion.update({ where: { id: version.id }, data: { config: { ...config, mcpTools: legacyPins } } });

    const run = await finishedRun(agent.id);
    expect(run).toMatchObject({ status: 'succeeded', errorKind: null });
    const calls = await test.platform.database.prisma.toolCall.findMany({ where: { runId: run.id }, select: { name: true, sideEffects: true } });
    expect(calls).toEqual([{ name: `mcp.legacy-${mode}.peek`, sideEffects: 'none' }]);
    expect(server.calledTools).toEqual(['peek']);
  });

  it('refuses at save a named tool whose offered name the engine cannot register, naming the entry', async () => {
    const long = 'x'.repeat(128);
    await attach(`spaces-${mode}`, [{ name: 'get weather' }, { name: long }, { name: 'ok' }]);
    await expect(saveAgent({ mcpServers: [{ server: `spaces-${mode}`, tools: ['ok', 'get weather'] }] })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.mcpServers.0.tools.1',
      message: expect.stringContaining(`mcp.spaces-${mode}.get weather`) as unknown,
    });
    await expect(saveAgent({ mcpServers: [{ server: `spaces-${mode}`, tools: [long] }] })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.mcpServers.0.tools.0',
    });
  });

  it('pins only the usable tools when all of a server’s tools are attached, and the test view says which were left out', async () => {
    const { id } = await attach(`mixed-${mode}`, [{ name: 'get weather' }, { name: 'ok', readOnly: true }]);
    const tested = await test.platform.mcpServers.test(admin, { mcpServerId: id });
    if (tested.status !== 'connected') throw new Error(`not connected: ${tested.message}`);
    expect(tested.tools.map((tool) => [tool.name, tool.unusable ?? null])).toEqual([
      ['get weather', expect.stringContaining(`mcp.mixed-${mode}.get weather`)],
      ['ok', null],
    ]);

    const agent = await saveAgent({ mcpServers: [{ server: `mixed-${mode}` }], ...calling(`mcp.mixed-${mode}.ok`) });
    expect((agent.latest!.config.mcpTools as Pin[]).map((pin) => pin.tool)).toEqual(['ok']);
    expect(await finishedRun(agent.id)).toMatchObject({ status: 'succeeded', errorKind: null, errorMessage: null });
  });

  it('refuses at save a tool listed twice for one server, naming the second entry', async () => {
    await attach(`twice-${mode}`, [{ name: 'lookup' }]);
    await expect(saveAgent({ mcpServers: [{ server: `twice-${mode}`, tools: ['lookup', 'lookup'] }] })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.mcpServers.0.tools.1',
    });
  });
});
