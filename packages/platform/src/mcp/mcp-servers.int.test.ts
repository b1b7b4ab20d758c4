import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generateApiKey } from '../auth/api-key-secret';
import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, startHttpMcpFixture, stdioFixtureAllowList as fixtureAllowList, type HttpMcpFixture, type TestPlatform } from '../testing';

const token = `fixture-token-${randomUUID()}`;

describe.each(databaseModes)('MCP servers as a platform feature (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let viewer: Principal;
  let otherTenant: Principal;
  let http: HttpMcpFixture;

  beforeAll(async () => {
    http = await startHttpMcpFixture({ token });
    // The fixture listens on loopback: the operator allows exactly that address, as AGENTLOOM_ALLOW_PRIVATE_TARGETS would.
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] }, mcp: { stdioAllowList: fixtureAllowList } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    const viewerKey = await test.platform.apiKeys.create(admin, { name: 'viewer', role: 'viewer' });
    viewer = (await test.platform.auth.authenticate(viewerKey.key))!;
    otherTenant = await createOtherTenantAdmin(test);
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
    await http?.close();
  });

  const statusOf = async (runId: string) => (await test.platform.runs.get(admin, { runId })).status;

  it('saves a stdio server from the allow-list and an HTTP server whose auth header is never returned', async () => {
    const local = await test.platform.mcpServers.create(admin, { name: 'local', transport: 'stdio', stdioCommand: 'fixture' });
    expect(local).toMatchObject({ name: 'local', transport: 'stdio', stdioCommand: 'fixture', url: null, headers: [] });
    const remote = await test.platform.mcpServers.create(admin, { name: 'remote', transport: 'streamable-http', url: http.url, headers: { Authorization: `Bearer ${token}` } });
    expect(remote.headers).toEqual([{ name: 'Authorization', set: true }]);
    const everything = JSON.stringify([
      remote,
      await test.platform.mcpServers.list(admin),
      await test.platform.mcpServers.get(admin, { mcpServerId: remote.id }),
      await test.platform.audit.list(admin, { limit: 100 }),
      await test.platform.database.prisma.mcpServer.findMany(),
    ]);
    expect(everything).not.toContain(token);
    expect((await test.platform.mcpServers.list(admin)).stdioCommands).toEqual(['fixture']);
    const audit = await test.platform.audit.list(admin, { limit: 100 });
    expect(audit.entries.filter((entry) => entry.action === 'mcp-server.create')).toHaveLength(2);
  });

  it('connects and lists tools with schema hashes, sending the stored header', async () => {
    const { mcpServers } = await test.platform.mcpServers.list(admin);
    for (const server of mcpServers) {
      const result = await test.platform.mcpServers.test(admin, { mcpServerId: server.id });
      expect(result).toMatchObject({ status: 'connected', serverVersion: '1.0.0' });
      if (result.status !== 'connected') throw new Error('not connected');
      expect(result.tools.map((tool) => [tool.name, tool.sideEffects])).toEqual([
        ['lookup', 'none'],
        ['record', 'unsafe'],
      ]);
      expect(result.tools.every((tool) => /^[0-9a-f]{64}$/.test(tool.schemaHash))).toBe(true);
    }
    expect(http.authorizations.at(-1)).toBe(`Bearer ${token}`);
  });

  it('reports why a server cannot be used: auth, unreachable, refused by the outbound policy at connect', async () => {
    const wrongKey = await test.platform.mcpServers.create(admin, { name: 'wrong-key', transport: 'streamable-http', url: http.url, headers: { Authorization: 'Bearer nope' } });
    expect(await test.platform.mcpServers.test(admin, { mcpServerId: wrongKey.id })).toMatchObject({ status: 'failed', errorKind: 'mcp-auth' });
    const closedPort = await test.platform.mcpServers.create(admin, { name: 'nobody-home', transport: 'streamable-http', url: 'http://127.0.0.1:1/mcp' });
    expect(await test.platform.mcpServers.test(admin, { mcpServerId: closedPort.id })).toMatchObject({ status: 'failed', errorKind: 'mcp-unreachable' });
    // A row that points at the metadata service (written past the save check): the connect-time check still refuses it.
    await test.platform.database.prisma.mcpServer.update({ where: { id: closedPort.id }, data: { url: 'http://169.254.169.254/mcp' } });
    const refused = await test.platform.mcpServers.test(admin, { mcpServerId: closedPort.id });
    expect(refused).toMatchObject({ status: 'failed', errorKind: 'mcp-outbound-refused' });
    for (const server of [wrongKey, closedPort]) await test.platform.mcpServers.delete(admin, { mcpServerId: server.id });
  });

  it('refuses a stdio command outside the allow-list and loopback or metadata URLs the operator did not allow', async () => {
    await expect(test.platform.mcpServers.create(admin, { name: 'shell', transport: 'stdio', stdioCommand: '/bin/sh' })).rejects.toMatchObject({ kind: 'validation', field: 'stdioCommand' });
    for (const url of ['http://localhost:8080/mcp', 'http://[::1]:8080/mcp', 'http://169.254.169.254/latest', 'http://metadata.google.internal/mcp', 'http://10.0.0.5/mcp']) {
      await expect(test.platform.mcpServers.create(admin, { name: 'private', transport: 'streamable-http', url }), url).rejects.toMatchObject({ kind: 'validation', field: 'url' });
    }
    const { mcpServers } = await test.platform.mcpServers.list(admin);
    const remote = mcpServers.find((server) => server.name === 'remote')!;
    await expect(test.platform.mcpServers.update(admin, { mcpServerId: remote.id, url: 'http://169.254.169.254/mcp' })).rejects.toMatchObject({ kind: 'validation', field: 'url' });
    expect(mcpServers.map((server) => server.name)).toEqual(['local', 'remote']);
  });

  it('refuses the viewer role everywhere, reads included', async () => {
    const { mcpServers } = await test.platform.mcpServers.list(admin);
    const id = mcpServers[0]!.id;
    await expect(test.platform.mcpServers.list(viewer)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(test.platform.mcpServers.get(viewer, { mcpServerId: id })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(test.platform.mcpServers.test(viewer, { mcpServerId: id })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(test.platform.mcpServers.create(viewer, { name: 'x', transport: 'stdio', stdioCommand: 'fixture' })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(test.platform.mcpServers.delete(viewer, { mcpServerId: id })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it("keeps tenants apart: another tenant neither sees, tests, changes nor attaches this tenant's servers", async () => {
    const { mcpServers } = await test.platform.mcpServers.list(admin);
    expect((await test.platform.mcpServers.list(otherTenant)).mcpServers).toEqual([]);
    for (const server of mcpServers) {
      await expect(test.platform.mcpServers.get(otherTenant, { mcpServerId: server.id })).rejects.toMatchObject({ kind: 'not-found' });
      await expect(test.platform.mcpServers.test(otherTenant, { mcpServerId: server.id })).rejects.toMatchObject({ kind: 'not-found' });
      await expect(test.platform.mcpServers.update(otherTenant, { mcpServerId: server.id, description: 'mine now' })).rejects.toMatchObject({ kind: 'not-found' });
      await expect(test.platform.mcpServers.delete(otherTenant, { mcpServerId: server.id })).rejects.toMatchObject({ kind: 'not-found' });
    }
    await expect(
      test.platform.agents.create(otherTenant, { slug: 'borrower', name: 'Borrower', config: { mcpServers: [{ server: 'remote' }], demoScript: { replies: [{ text: 'Done.' }] } } }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'config.mcpServers.0.server' });
    // Tenant B may use the same name for its own server.
    await test.platform.mcpServers.create(otherTenant, { name: 'remote', transport: 'stdio', stdioCommand: 'fixture' });
    expect((await test.platform.mcpServers.list(admin)).mcpServers.find((server) => server.name === 'remote')?.transport).toBe('streamable-http');
  });

  it('pins the tools at save and runs an agent that calls them, with idempotency keys in _meta', async () => {
    const agent = await test.platform.agents.create(admin, {
      slug: `mcp-user-${mode}`,
      name: 'MCP user',
      config: {
        mcpServers: [{ server: 'local', tools: ['lookup'] }, { server: 'remote' }],
        // Pins sent by a caller are ignored: the platform computes them.
        mcpTools: [{ server: 'remote', tool: 'lookup', schemaHash: 'forged' }],
        demoScript: {
          replies: [
            {
              toolCalls: [
                { name: 'mcp.local.lookup', arguments: { city: 'Lyon' } },
                { name: 'mcp.remote.record', arguments: { note: 'hello' } },
              ],
            },
            { text: 'Done.' },
          ],
        },
      },
    });
    const pins = agent.latest!.config.mcpTools as { server: string; tool: string; schemaHash: string }[];
    expect(pins.map((pin) => `${pin.server}.${pin.tool}`)).toEqual(['local.lookup', 'remote.lookup', 'remote.record']);
    expect(pins.every((pin) => /^[0-9a-f]{64}$/.test(pin.schemaHash))).toBe(true);

    const { run } = await test.platform.runs.create(admin, { agentId: agent.id, input: 'Where is Lyon? Then note hello.' });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('succeeded');
    const calls = await test.platform.database.prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { name: 'asc' } });
    expect(calls.map((call) => [call.name, call.status])).toEqual([
      ['mcp.local.lookup', 'succeeded'],
      ['mcp.remote.record', 'succeeded'],
    ]);
    const toolMessages = await test.platform.database.prisma.message.findMany({ where: { runId: run.id, role: 'tool' }, orderBy: { index: 'asc' } });
    expect(toolMessages.map((message) => message.content).join('\n')).toContain('Lyon is in France');
    const recorded = http.calls.find((call) => call.tool === 'record' && call.arguments.note === 'hello');
    expect(recorded?.meta?.idempotencyKey).toBe(calls.find((call) => call.name === 'mcp.remote.record')!.idempotencyKey);
  });

  it('fails a run with resume-mismatch when a pinned tool changed after the save, and a new save pins the new schema', async () => {
    const agent = (await test.platform.agents.list(admin)).find((candidate) => candidate.slug === `mcp-user-${mode}`)!;
    http.setSchemaVersion('v2');
    try {
      const { run } = await test.platform.runs.create(admin, { agentId: agent.id, input: 'Where is Lyon?' });
      await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('failed');
      const failed = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id } });
      expect(failed.errorKind).toBe('resume-mismatch');
      expect(failed.errorMessage).toMatch(/mcp\.remote\.lookup schema hash .* differs from the pinned/);
      expect(await test.platform.database.prisma.toolCall.count({ where: { runId: run.id } })).toBe(0);

      const current = await test.platform.agents.get(admin, { agentId: agent.id });
      const saved = await test.platform.agents.saveVersion(admin, { agentId: agent.id, config: current.latest!.config });
      expect(saved.created).toBe(true);
      const before = (current.latest!.config.mcpTools as { tool: string; server: string; schemaHash: string }[]).find((pin) => pin.server === 'remote' && pin.tool === 'lookup');
      const after = (saved.version.config.mcpTools as { tool: string; server: string; schemaHash: string }[]).find((pin) => pin.server === 'remote' && pin.tool === 'lookup');
      expect(after?.schemaHash).not.toBe(before?.schemaHash);
    } finally {
      http.setSchemaVersion('v1');
    }
  });

  it('refuses to save an agent attaching a server that is unknown, unreachable or lacks the named tool', async () => {
    const save = (mcpServers: unknown) => test.platform.agents.create(admin, { slug: `bad-${randomUUID().slice(0, 8)}`, name: 'Bad', config: { mcpServers, demoScript: { replies: [{ text: 'Done.' }] } } });
    await expect(save([{ server: 'nowhere' }])).rejects.toMatchObject({ kind: 'validation', field: 'config.mcpServers.0.server' });
    await expect(save([{ server: 'local', tools: ['lookup', 'delete_everything'] }])).rejects.toMatchObject({ kind: 'validation', field: 'config.mcpServers.0.tools.1' });
    const offline = await test.platform.mcpServers.create(admin, { name: 'offline', transport: 'streamable-http', url: 'http://127.0.0.1:1/mcp' });
    await expect(save([{ server: 'offline' }])).rejects.toThrow(/config\.mcpServers\.0\.server: .*\(mcp-unreachable\)/);
    await test.platform.mcpServers.delete(admin, { mcpServerId: offline.id });
  });

  it('takes an approval rule for an attached server’s tool by its offered name, and refuses one for a tool the server lacks', async () => {
    const server = await test.platform.mcpServers.create(admin, { name: 'gatecheck', transport: 'stdio', stdioCommand: 'fixture' });
    const save = (approvals: Record<string, 'always' | 'never'>) =>
      test.platform.agents.create(admin, { slug: `gated-${randomUUID().slice(0, 8)}`, name: 'Gated', config: { mcpServers: [{ server: 'gatecheck', tools: ['lookup'] }], approvals, demoScript: { replies: [{ text: 'Done.' }] } } });
    await expect(save({ 'mcp.gatecheck.lookup': 'always' })).resolves.toMatchObject({ latest: { config: { approvals: { 'mcp.gatecheck.lookup': 'always' } } } });
    await expect(save({ 'mcp.gatecheck.delete_everything': 'always' })).rejects.toMatchObject({ kind: 'validation', field: 'config.approvals.mcp.gatecheck.delete_everything' });
    await test.platform.mcpServers.delete(admin, { mcpServerId: server.id });
  });
});

/** A second tenant with an admin key, written as the seed writes the first. */
async function createOtherTenantAdmin(test: TestPlatform): Promise<Principal> {
  const { prisma } = test.platform.database;
  const tenant = await prisma.tenant.create({ data: { slug: `mcp-other-${randomUUID().slice(0, 8)}`, name: 'Other' } });
  const key = await generateApiKey();
  await prisma.apiKey.create({ data: { tenantId: tenant.id, name: 'other admin', prefix: key.prefix, secretHash: key.secretHash, role: 'admin' } });
  return (await test.platform.auth.authenticate(key.plaintext))!;
}
