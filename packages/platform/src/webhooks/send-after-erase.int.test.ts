import { randomUUID } from 'node:crypto';
import type { LookupAddress } from 'node:dns';

import { databaseModes } from '@agentloom/db/testing';
import { OutboundPolicy } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { appendRunEvents } from '../events/append-run-events';
import { SecretBox } from '../secrets/secret-box';
import { createTestAgent, createTestPlatform, silentLogger, startWebhookReceiver, testSecretKey, type TestPlatform, type WebhookReceiver } from '../testing';
import { defaultWebhookConfig } from './webhook-config';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookTargetGuard } from './webhook-target-guard';

/**
 * A claimed delivery is in the dispatcher's memory until it is sent, and the dispatcher resolves the
 * receiver's name between the claim and the POST. Found by the webhooks audit: an erase of the run
 * committed in that window deleted the row, and the dispatcher still posted the erased payload
 * afterwards. The attempt now checks it still holds the row just before the request goes out.
 * A DNS answer held back by a gate stands in for a slow resolver.
 */
describe.each(databaseModes)('a claimed delivery of a run erased before it was sent (%s)', (mode) => {
  let test: TestPlatform;
  let receiver: WebhookReceiver;
  let gate: Promise<void> = Promise.resolve();
  let waiting = 0;
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    if (hostname !== 'hook.test') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    waiting += 1;
    await gate;
    waiting -= 1;
    return [{ address: '127.0.0.1', family: 4 }];
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    test = await createTestPlatform(mode, silentLogger, { outbound: { resolve, allowPrivateTargets: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await test?.dispose();
    await receiver?.close();
  });

  it('is not sent once the erase has committed', async () => {
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const { prisma } = test.platform.database;
    const marker = `sent-${randomUUID()}`;
    const port = new URL(receiver.url).port;
    const webhook = await test.platform.webhooks.create(principal, { url: `http://hook.test:${port}/hooks`, eventTypes: ['run.completed'] });
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: `sent-${randomUUID()}`, config: {} });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const run = await prisma.run.create({
      data: {
        tenantId: principal.tenantId,
        agentId,
        agentVersionId: version.id,
        status: 'succeeded',
        input: { text: `task ${marker}` },
        output: { text: `answer ${marker}` },
        finishedAt: new Date(),
      },
    });
    await appendRunEvents(prisma, { id: run.id, tenantId: principal.tenantId }, [
      { type: 'run-finished', payload: { status: 'succeeded', output: { text: `answer ${marker}` } } },
    ]);

    let open!: () => void;
    gate = new Promise<void>((resolveGate) => (open = resolveGate));
    // A request time limit longer than the test, so the attempt cannot end by timing out instead.
    const config = {
      ...defaultWebhookConfig,
      allowPrivateTargets: ['127.0.0.1'],
      pollMs: 50,
      maxAttempts: 3,
      retryBaseMs: 50,
      maxRetryDelayMs: 200,
      requestTimeoutMs: 600_000,
    };
    const dispatcher = new WebhookDispatcher(
      test.platform.database,
      new WebhookTargetGuard(new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'], resolve })),
      config,
      'erase-race-dispatcher',
      silentLogger,
      new SecretBox(testSecretKey),
    );
    await dispatcher.start();
    try {
      // Claimed, now resolving the receiver's name.
      await expect
        .poll(async () => (await prisma.webhookDelivery.findFirst({ where: { endpointId: webhook.id } }))?.status, { timeout: 30_000 })
        .toBe('delivering');
      await expect.poll(() => waiting, { timeout: 30_000 }).toBeGreaterThan(0);

      const receipt = await test.platform.erase.eraseRun(principal, { runId: run.id });
      expect(receipt.counts['webhook_deliveries']).toBe(1);
      expect(await prisma.webhookDelivery.count({ where: { endpointId: webhook.id } })).toBe(0);

      open();
    } finally {
      open();
      // Stopping waits for the attempt in flight, which ends with a request or without one.
      await dispatcher.stop();
    }
    expect(receiver.received.filter((request) => request.body.includes(marker)).map((request) => request.headers['agentloom-event'])).toEqual([]);
  });
});
