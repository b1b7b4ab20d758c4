import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { pagingTool, startPagingMcpServer, type PagingMcpServer, type ToolPage } from '../testing/mcp/paging-mcp-server';

/**
 * A server whose tools/list never ends used to hang "test connection", every save pinning its tools
 * and the start of every run using it; a run cancelled meanwhile stayed `running`, holding its
 * executor slot (and so `platform.close()`). Now the listing is bounded (ADR 0033) and a run's
 * cancel aborts the connect. No assertion here measures time: each waits for a state.
 */
describe.each(databaseModes)('MCP servers whose tools/list never ends (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  const servers: PagingMcpServer[] = [];

  beforeAll(async () => {
    // The servers listen on loopback: the operator allows exactly that address.
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] }, executor: { pollMs: 50 } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
    await Promise.all(servers.map((server) => server.close()));
  });

  async function paging(page: (cursor: string | undefined) => ToolPage): Promise<PagingMcpServer> {
    const server = await startPagingMcpServer(page);
    servers.push(server);
    return server;
  }

  it('fails "test connection" and refuses the save with mcp-protocol, naming the server, when a cursor repeats', async () => {
    const server = await paging(() => ({ tools: [pagingTool('a')], nextCursor: 'again' }));
    const name = `pager-${randomUUID().slice(0, 8)}`;
    const row = await test.platform.mcpServers.create(admin, { name, transport: 'streamable-http', url: server.url });
    const result = await test.platform.mcpServers.test(admin, { mcpServerId: row.id });
    expect(result).toMatchObject({
      status: 'failed',
      errorKind: 'mcp-protocol',
      message: expect.stringContaining(`MCP server ${name} sent a tools/list cursor it had already sent`) as string,
    });
    expect(server.listPages).toBe(2);
    const saving = test.platform.agents.create(admin, {
      slug: `pager-${randomUUID().slice(0, 8)}`,
      name: 'Pager',
      config: { mcpServers: [{ server: name }], demoScript: { replies: [{ text: 'Done.' }] } },
    });
    await expect(saving).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.mcpServers.0.server',
      message: expect.stringContaining('(mcp-protocol)') as string,
    });
  });

  it('ends a run cancelled while it connects: the held tools/list request is dropped and the run ends cancelled (aborted)', async () => {
    let hold = false;
    // While `hold`: page one sends a cursor, the page it names is never answered.
    const server = await paging((cursor) =>
      hold && cursor !== undefined ? new Promise(() => undefined) : { tools: [pagingTool('a')], ...(hold ? { nextCursor: 'next' } : {}) },
    );
    const name = `stall-${randomUUID().slice(0, 8)}`;
    await test.platform.mcpServers.create(admin, { name, transport: 'streamable-http', url: server.url });
    const agent = await test.platform.agents.create(admin, {
      slug: `stall-${randomUUID().slice(0, 8)}`,
      name: 'Stall',
      config: { mcpServers: [{ server: name }], demoScript: { replies: [{ text: 'Done.' }] } },
    });
    hold = true;
    const pagesBefore = server.listPages;
    const { run } = await test.platform.runs.create(admin, { agentId: agent.id, input: 'hello' });
    await expect.poll(() => server.listPages, { timeout: 60_000 }).toBe(pagesBefore + 2);
    expect((await test.platform.runs.get(admin, { runId: run.id })).status).toBe('running');
    await test.platform.runs.cancel(admin, { runId: run.id });
    // Without the run's signal only the opening's 60 s deadline would end the wait, and the run would
    // end with that failure's kind; with it, the cancel's abort ends it.
    await expect.poll(async () => (await test.platform.runs.get(admin, { runId: run.id })).status, { timeout: 120_000 }).toBe('cancelled');
    const row = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { errorKind: true } });
    expect(row.errorKind).toBe('aborted');
    await expect.poll(() => server.droppedPages, { timeout: 60_000 }).toBe(1);
    expect(server.listPages).toBe(pagesBefore + 2);
  });
});
