import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, startHttpMcpFixture, type HttpMcpFixture, type TestPlatform } from '../testing';

/**
 * A stored header travels only to the address it was saved for (DESIGN §7), as a model key does: an
 * update that moves a server to a new URL must give every stored header again or remove it. Before,
 * a header left out was kept, and the next connection — "connect and list tools", or a run of an
 * agent that attached the server — sent the stored `Authorization` to the address the caller chose.
 */
describe.each(databaseModes)('an MCP server’s stored headers do not follow a new URL (%s)', (mode) => {
  const token = `vault-token-${randomUUID()}`;
  let test: TestPlatform;
  let admin: Principal;
  let saved: HttpMcpFixture;
  let elsewhere: HttpMcpFixture;

  beforeAll(async () => {
    saved = await startHttpMcpFixture({ token });
    elsewhere = await startHttpMcpFixture();
    // Both listen on loopback, which the operator allows (AGENTLOOM_ALLOW_PRIVATE_TARGETS); `elsewhere` stands for a host the caller controls.
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(async () => {
    await test?.dispose();
    await saved?.close();
    await elsewhere?.close();
  });

  const vault = () =>
    test.platform.mcpServers.create(admin, {
      name: `vault-${randomUUID().slice(0, 8)}`,
      transport: 'streamable-http',
      url: saved.url,
      headers: { Authorization: `Bearer ${token}`, 'X-Team': 'blue' },
    });

  it('a new URL with the stored headers left out is refused, names them, and changes nothing', async () => {
    const server = await vault();
    const refused = test.platform.mcpServers.update(admin, { mcpServerId: server.id, url: elsewhere.url, headers: { 'x-team': 'red' } });
    await expect(refused).rejects.toMatchObject({ kind: 'validation', field: 'headers' });
    await expect(refused).rejects.toThrow(/give Authorization again/);
    expect(await test.platform.mcpServers.get(admin, { mcpServerId: server.id })).toEqual(server);
    await test.platform.mcpServers.test(admin, { mcpServerId: server.id });
    expect(elsewhere.authorizations).not.toContain(`Bearer ${token}`);
    expect(saved.authorizations).toContain(`Bearer ${token}`);
  });

  it('a new URL goes through with every stored header given again or removed, and only what was given is sent there', async () => {
    const server = await vault();
    const moved = await test.platform.mcpServers.update(admin, {
      mcpServerId: server.id,
      url: elsewhere.url,
      headers: { Authorization: 'Bearer for-elsewhere', 'X-Team': null },
    });
    expect(moved).toMatchObject({ url: elsewhere.url, headers: [{ name: 'Authorization', set: true }] });
    await test.platform.mcpServers.test(admin, { mcpServerId: server.id });
    expect(elsewhere.authorizations).toContain('Bearer for-elsewhere');
    expect(elsewhere.authorizations).not.toContain(`Bearer ${token}`);
  });

  it('a header named in another letter case is the same header: removed or replaced, never sent beside the stored one', async () => {
    const removed = await vault();
    const movedWithout = await test.platform.mcpServers.update(admin, { mcpServerId: removed.id, url: elsewhere.url, headers: { authorization: null, 'x-TEAM': null } });
    expect(movedWithout.headers).toEqual([]);
    const replaced = await vault();
    const movedWith = await test.platform.mcpServers.update(admin, { mcpServerId: replaced.id, url: elsewhere.url, headers: { authorization: 'Bearer for-elsewhere', 'x-team': null } });
    expect(movedWith.headers).toEqual([{ name: 'authorization', set: true }]);
    elsewhere.authorizations.length = 0;
    await test.platform.mcpServers.test(admin, { mcpServerId: removed.id });
    await test.platform.mcpServers.test(admin, { mcpServerId: replaced.id });
    expect(elsewhere.authorizations.join('\n')).not.toContain(token);
    expect(elsewhere.authorizations).toContain('Bearer for-elsewhere');
  });

  it('two spellings of one header name in a request are refused, naming the header', async () => {
    const create = test.platform.mcpServers.create(admin, {
      name: `twice-${randomUUID().slice(0, 8)}`,
      transport: 'streamable-http',
      url: saved.url,
      headers: { Authorization: 'Bearer a', authorization: 'Bearer b' },
    });
    await expect(create).rejects.toMatchObject({ kind: 'validation', field: 'headers.authorization' });
    const server = await vault();
    const update = test.platform.mcpServers.update(admin, { mcpServerId: server.id, headers: { 'X-Team': 'red', 'x-team': null } });
    await expect(update).rejects.toMatchObject({ kind: 'validation', field: 'headers.x-team' });
    await expect(update).rejects.toThrow(/"X-Team" and "x-team" name the same header/);
    expect(await test.platform.mcpServers.get(admin, { mcpServerId: server.id })).toEqual(server);
  });

  it('the same URL keeps the stored headers, as before: only a move needs them again', async () => {
    const server = await vault();
    const updated = await test.platform.mcpServers.update(admin, { mcpServerId: server.id, url: saved.url, description: 'the vault' });
    expect(updated).toMatchObject({
      description: 'the vault',
      headers: [
        { name: 'Authorization', set: true },
        { name: 'X-Team', set: true },
      ],
    });
    expect(await test.platform.mcpServers.test(admin, { mcpServerId: server.id })).toMatchObject({ status: 'connected' });
  });
});
