import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, startHttpMcpFixture, type HttpMcpFixture, type TestPlatform } from '../testing';

/**
 * Hosted MCP servers carry their credential in the URL (`…/mcp/s/<secret>/mcp`, `?token=…`). The
 * server keeps and calls the full URL, but before, every API that lists servers (list, get, the
 * answers of create/update/delete) and the audit entries handed it back as saved. Now views show
 * it with `***` in place of the credential, and an update that sends that view back keeps the
 * stored URL instead of storing `***`.
 */
describe.each(databaseModes)('an MCP server URL’s credentials are never shown (%s)', (mode) => {
  const pathSecret = `Path${randomUUID().replaceAll('-', '')}`;
  const querySecret = `query-secret-${randomUUID()}`;
  let test: TestPlatform;
  let admin: Principal;
  let fixture: HttpMcpFixture;
  let front: Server;
  let frontOrigin: string;
  /** The path and query of every request the hosted server's front received. */
  const requestedPaths: string[] = [];

  beforeAll(async () => {
    fixture = await startHttpMcpFixture();
    const target = new URL(fixture.url);
    // The hosted server's front: records what it was asked for, passes it on to the fixture.
    front = createServer((request, response) => {
      requestedPaths.push(request.url ?? '');
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname, method: request.method, headers: request.headers },
        (reply) => {
          response.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    frontOrigin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    // Both listen on loopback, which the operator allows (AGENTLOOM_ALLOW_PRIVATE_TARGETS).
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(async () => {
    await test?.dispose();
    await fixture?.close();
    await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()));
  });

  const fullUrl = () => `${frontOrigin}/mcp/s/${pathSecret}/mcp?token=${querySecret}&region=eu`;
  const shownUrl = () => `${frontOrigin}/mcp/s/***/mcp?token=***&region=***`;
  const storedUrl = async (id: string) => (await test.platform.database.prisma.mcpServer.findUniqueOrThrow({ where: { id } })).url;
  const hosted = () =>
    test.platform.mcpServers.create(admin, {
      name: `hosted-${randomUUID().slice(0, 8)}`,
      transport: 'streamable-http',
      url: fullUrl(),
      headers: { 'X-Team': 'blue' },
    });

  it('shows the URL with *** in create, list, get, update, delete and the audit log; connects to the full URL', async () => {
    const created = await hosted();
    expect(created.url).toBe(shownUrl());
    expect(await storedUrl(created.id)).toBe(fullUrl());
    const updated = await test.platform.mcpServers.update(admin, { mcpServerId: created.id, description: 'hosted' });
    const listed = await test.platform.mcpServers.list(admin);
    const read = await test.platform.mcpServers.get(admin, { mcpServerId: created.id });
    expect(read.url).toBe(shownUrl());

    requestedPaths.length = 0;
    expect(await test.platform.mcpServers.test(admin, { mcpServerId: created.id })).toMatchObject({ status: 'connected' });
    expect(requestedPaths).toContain(`/mcp/s/${pathSecret}/mcp?token=${querySecret}&region=eu`);

    const deleted = await test.platform.mcpServers.delete(admin, { mcpServerId: created.id });
    const audit = await test.platform.audit.list(admin, { limit: 100 });
    const everything = JSON.stringify([created, updated, listed, read, deleted, audit]);
    expect(everything).not.toContain(pathSecret);
    expect(everything).not.toContain(querySecret);
    expect(everything).toContain(shownUrl());
  });

  it('an update that sends the shown URL back keeps the stored one, with its headers', async () => {
    const server = await hosted();
    const updated = await test.platform.mcpServers.update(admin, { mcpServerId: server.id, url: server.url!, description: 'round trip' });
    expect(updated).toMatchObject({ url: shownUrl(), description: 'round trip', headers: [{ name: 'X-Team', set: true }] });
    expect(await storedUrl(server.id)).toBe(fullUrl());
    requestedPaths.length = 0;
    expect(await test.platform.mcpServers.test(admin, { mcpServerId: server.id })).toMatchObject({ status: 'connected' });
    expect(requestedPaths).toContain(`/mcp/s/${pathSecret}/mcp?token=${querySecret}&region=eu`);
  });

  it('refuses any other URL with *** in it (it would store the mark, not the credential) and changes nothing', async () => {
    const server = await hosted();
    for (const url of [`${frontOrigin}/mcp/s/***/other?token=***&region=***`, `${frontOrigin}/mcp?token=***`]) {
      const refused = test.platform.mcpServers.update(admin, { mcpServerId: server.id, url, headers: { 'X-Team': null }, description: 'moved' });
      await expect(refused, url).rejects.toMatchObject({ kind: 'validation', field: 'url' });
      await expect(refused, url).rejects.toThrow(/give the whole URL/);
    }
    expect(await storedUrl(server.id)).toBe(fullUrl());
    expect(await test.platform.mcpServers.get(admin, { mcpServerId: server.id })).toEqual(server);
  });

  it('a whole new URL is stored as given and shown redacted', async () => {
    const server = await hosted();
    const newUrl = `${frontOrigin}/mcp?token=${querySecret}-2`;
    const moved = await test.platform.mcpServers.update(admin, { mcpServerId: server.id, url: newUrl, headers: { 'X-Team': 'red' } });
    expect(moved.url).toBe(`${frontOrigin}/mcp?token=***`);
    expect(await storedUrl(server.id)).toBe(newUrl);
  });
});
