import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, startHttpMcpFixture, type HttpMcpFixture, type TestPlatform } from '../testing';

/**
 * The restated-headers rule (a stored header travels only to the URL it was saved for) checked on the
 * locked row. Before, a URL change checked the headers it had read before its transaction, so a header
 * another admin stored for the old URL in between was kept and sent to the new one. Server database
 * only: the interleaving is made by a row lock, which PGlite's single session cannot hold apart.
 */
describe('an MCP server URL change racing a header change (server)', () => {
  const token = `header-secret-${randomUUID()}`;
  let test: TestPlatform;
  let admin: Principal;
  let saved: HttpMcpFixture;
  let elsewhere: HttpMcpFixture;

  beforeAll(async () => {
    saved = await startHttpMcpFixture();
    elsewhere = await startHttpMcpFixture();
    test = await createTestPlatform('server', silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(async () => {
    await test?.dispose();
    await saved?.close();
    await elsewhere?.close();
  });

  it('refuses the move when a header was stored for the old URL while it waited', async () => {
    const server = await test.platform.mcpServers.create(admin, { name: 'vault', transport: 'streamable-http', url: saved.url });
    // A sealed `Authorization` header to copy in, as another admin's update adding one would store it.
    const donor = await test.platform.mcpServers.create(admin, {
      name: 'donor',
      transport: 'streamable-http',
      url: saved.url,
      headers: { Authorization: `Bearer ${token}` },
    });
    const headerChange = await holdRowLock(
      test.platform.database,
      'UPDATE mcp_servers SET headers = (SELECT headers FROM mcp_servers WHERE id = $2::uuid) WHERE id = $1::uuid',
      server.id,
      donor.id,
    );
    // This admin saw no stored header, so it restates none.
    const move = test.platform.mcpServers.update(admin, { mcpServerId: server.id, url: elsewhere.url }).catch((error: unknown) => error);
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%mcp_servers%'), { timeout: 60_000 }).toBeGreaterThan(0);
    headerChange.release();
    await headerChange.done;

    await expect(move).resolves.toMatchObject({ kind: 'validation', field: 'headers' });
    await test.platform.mcpServers.test(admin, { mcpServerId: server.id });
    expect(saved.authorizations).toContain(`Bearer ${token}`);
    expect(elsewhere.authorizations).not.toContain(`Bearer ${token}`);
  });
});
