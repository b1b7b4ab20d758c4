import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import {
  createTestPlatform,
  silentLogger,
  startHttpMcpFixture,
  startWebhookReceiver,
  type HttpMcpFixture,
  type TestPlatform,
  type WebhookReceiver,
} from '../testing';

/**
 * An MCP server's URL is admin-only, and hosted MCP servers often carry their credential in it (in
 * the path, `…/mcp/s/<secret>/mcp`, or the query, `?token=…`). A failed run's error is not: every
 * viewer reads it and `run.failed` webhooks send it. Before, a server that answered a redirect
 * failed the run with the guarded fetch's refusal quoting the whole URL; now an outbound refusal
 * names the server by scheme, host and port only.
 */
describe.each(databaseModes)('an MCP server’s URL stays out of a failed run’s error (%s)', (mode) => {
  const pathSecret = `url-secret-${randomUUID()}`;
  const querySecret = `query-secret-${randomUUID()}`;
  let test: TestPlatform;
  let admin: Principal;
  let viewer: Principal;
  let fixture: HttpMcpFixture;
  let receiver: WebhookReceiver;
  let front: Server;
  let frontOrigin: string;
  let moved = false;

  beforeAll(async () => {
    fixture = await startHttpMcpFixture();
    receiver = await startWebhookReceiver();
    const target = new URL(fixture.url);
    // The hosted server's front: passes requests on to the fixture until the server "moves", then answers 301.
    front = createServer((request, response) => {
      if (moved) {
        response.writeHead(301, { location: 'https://mcp.example.com/new-home' }).end();
        return;
      }
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
    const viewerKey = await test.platform.apiKeys.create(admin, { name: 'viewer', role: 'viewer' });
    viewer = (await test.platform.auth.authenticate(viewerKey.key))!;
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
    front?.closeAllConnections();
    await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()));
    await fixture?.close();
    await receiver?.close();
  });

  it('a run failed by a redirect says which server and why, and no viewer or webhook reads the URL’s secret', async () => {
    const webhook = await test.platform.webhooks.create(admin, { url: receiver.url, eventTypes: ['run.failed'] });
    await test.platform.mcpServers.create(admin, {
      name: 'hosted',
      transport: 'streamable-http',
      url: `${frontOrigin}/mcp/s/${pathSecret}/mcp?token=${querySecret}`,
    });
    await expect(test.platform.mcpServers.list(viewer)).rejects.toMatchObject({ kind: 'forbidden' });
    const agent = await test.platform.agents.create(admin, {
      slug: `mcp-url-secret-${mode}`,
      name: 'Hosted MCP user',
      config: { mcpServers: [{ server: 'hosted', tools: ['lookup'] }], demoScript: { replies: [{ text: 'Done.' }] } },
    });
    moved = true;

    const { run } = await test.platform.runs.create(admin, { agentId: agent.id, input: 'hello' });
    await expect.poll(async () => (await test.platform.runs.get(viewer, { runId: run.id })).status, { timeout: 60_000 }).toBe('failed');

    // Still enough to act on: which server, which host, and why.
    const message = `MCP server hosted: Refused to follow a redirect from ${frontOrigin} (HTTP 301): outbound calls do not follow redirects`;
    const failed = await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(failed).toMatchObject({ errorKind: 'mcp-outbound-refused', errorMessage: message });
    const payloads = (await test.platform.webhooks.listDeliveries(admin, { webhookId: webhook.id })).deliveries.map((delivery) => delivery.payload);
    expect(payloads).toMatchObject([{ type: 'run.failed', data: { runId: run.id, errorKind: 'mcp-outbound-refused', message } }]);
    const seen = JSON.stringify([
      await test.platform.runs.get(viewer, { runId: run.id }),
      await test.platform.runs.list(viewer, {}),
      await test.platform.runEvents.list(viewer, { runId: run.id }),
      payloads,
    ]);
    expect(seen).not.toContain(pathSecret);
    expect(seen).not.toContain(querySecret);
  });
});
