import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { databaseModes } from '@agentloom/db/testing';
import { OutboundPolicy } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { SecretBox } from '../secrets/secret-box';
import { createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../testing';
import { defaultWebhookConfig, type WebhookConfig } from './webhook-config';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookTargetGuard } from './webhook-target-guard';

const config: WebhookConfig = { ...defaultWebhookConfig, allowPrivateTargets: ['127.0.0.1'], pollMs: 50, requestTimeoutMs: 5_000 };

/**
 * A receiver's URL may carry its credential (`https://user:pass@…`, `?token=…`, a token in the
 * path). The dispatcher sends to the full stored URL, but before, the endpoint list, the answers of
 * create and delete and the audit entries handed it back as saved. Now they show `***` in its place.
 */
describe.each(databaseModes)('a webhook URL’s credentials are never shown (%s)', (mode) => {
  const password = `secret-password-${randomUUID()}`;
  const querySecret = `query-secret-${randomUUID()}`;
  const pathSecret = `Path${randomUUID().replaceAll('-', '')}`;
  let test: TestPlatform;
  let principal: Principal;
  let receiver: Server;
  let port: number;
  const received: { path: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    // A receiver that records the path, query and Authorization each delivery arrived with.
    receiver = createServer((request, response) => {
      received.push({ path: request.url ?? '', headers: request.headers });
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
    test = await createTestPlatform(mode, silentLogger, { webhooks: config });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(async () => {
    await test?.dispose();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  it('shows *** in create, list, delete and the audit log, and delivers to the full URL', async () => {
    const fullUrl = `http://hook-user:${password}@127.0.0.1:${port}/hooks/${pathSecret}?token=${querySecret}&team=blue`;
    const shownUrl = `http://***:***@127.0.0.1:${port}/hooks/***?token=***&team=***`;
    const created = await test.platform.webhooks.create(principal, { url: fullUrl, eventTypes: ['run.cancelled'] });
    expect(created.url).toBe(shownUrl);
    const listed = await test.platform.webhooks.list(principal);
    expect(listed.webhooks.map((webhook) => webhook.url)).toEqual([shownUrl]);

    const operatorAgent = await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } });
    const { run } = await test.platform.runs.create(principal, { agentId: operatorAgent.id, input: 'webhook credentials' });
    await test.platform.runs.cancel(principal, { runId: run.id });
    const dispatcher = new WebhookDispatcher(
      test.platform.database,
      new WebhookTargetGuard(new OutboundPolicy({ allowPrivateTargets: config.allowPrivateTargets })),
      config,
      'credentials-test',
      silentLogger,
      new SecretBox(testSecretKey),
    );
    await dispatcher.start();
    try {
      await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    } finally {
      await dispatcher.stop();
    }
    expect(received[0]!.path).toBe(`/hooks/${pathSecret}?token=${querySecret}&team=blue`);
    expect(received[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`hook-user:${password}`).toString('base64')}`);

    const deleted = await test.platform.webhooks.delete(principal, { webhookId: created.id });
    const audit = await test.platform.audit.list(principal, { limit: 100 });
    const everything = JSON.stringify([created, listed, deleted, audit]);
    for (const secret of [password, querySecret, pathSecret]) expect(everything).not.toContain(secret);
    const entries = audit.entries.filter((entry) => entry.targetId === created.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['webhook.create', 'webhook.delete']);
    expect(JSON.stringify(entries)).toContain(shownUrl);
  });
});
