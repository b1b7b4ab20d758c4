import { databaseModes } from '@agentloom/db/testing';
import { OutboundPolicy } from '@agentloom/runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { appendRunEvents } from '../events/append-run-events';
import { SecretBox } from '../secrets/secret-box';
import { createTestPlatform, silentLogger, startWebhookReceiver, testSecretKey, type TestPlatform, type WebhookReceiver } from '../testing';
import { defaultWebhookConfig, type WebhookConfig } from './webhook-config';
import { claimDeliveries } from './webhook-delivery-claims';
import { WebhookDispatcher } from './webhook-dispatcher';
import { verifyWebhookSignature } from './webhook-signature';
import { WebhookService } from './webhook-service';
import { WebhookTargetGuard } from './webhook-target-guard';

const fastRetries: Partial<WebhookConfig> = {
  allowPrivateTargets: ['127.0.0.1'],
  maxAttempts: 3,
  retryBaseMs: 50,
  maxRetryDelayMs: 200,
  pollMs: 50,
  leaseMs: 5_000,
  requestTimeoutMs: 5_000,
};

describe.each(databaseModes)('webhooks (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let operatorAgentId: string;
  const receivers: WebhookReceiver[] = [];
  const dispatchers: WebhookDispatcher[] = [];

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { webhooks: fastRetries, executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    operatorAgentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
  });
  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.stop()));
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    await test.platform.database.prisma.webhookEndpoint.deleteMany();
  });
  afterAll(() => test?.dispose());

  async function receiver(statuses: number[] = [200]): Promise<WebhookReceiver> {
    const started = await startWebhookReceiver(statuses);
    receivers.push(started);
    return started;
  }

  function dispatcher(overrides: Partial<WebhookConfig> = {}, owner = 'test-dispatcher'): WebhookDispatcher {
    const config = { ...defaultWebhookConfig, ...fastRetries, ...overrides };
    const created = new WebhookDispatcher(
      test.platform.database,
      new WebhookTargetGuard(new OutboundPolicy({ allowPrivateTargets: config.allowPrivateTargets })),
      config,
      owner,
      silentLogger,
      new SecretBox(testSecretKey),
    );
    dispatchers.push(created);
    return created;
  }

  /** A queued run of the approval agent cancelled at once: its `run-finished` is a `run.cancelled` event. */
  async function cancelledRun(): Promise<string> {
    const { run } = await test.platform.runs.create(principal, { agentId: operatorAgentId, input: 'webhook test' });
    await test.platform.runs.cancel(principal, { runId: run.id });
    return run.id;
  }

  async function deliveriesOf(webhookId: string) {
    return (await test.platform.webhooks.listDeliveries(principal, { webhookId })).deliveries;
  }

  it('writes a delivery in the transaction of the run event, and none when that transaction rolls back', async () => {
    const hook = await receiver();
    const webhook = await test.platform.webhooks.create(principal, { url: hook.url, eventTypes: ['run.cancelled'] });
    const runId = await cancelledRun();
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ eventType: 'run.cancelled', status: 'pending', attempts: 0 });
    expect(delivery!.payload).toMatchObject({ type: 'run.cancelled', data: { runId, status: 'cancelled' } });

    const { prisma } = test.platform.database;
    const rollback = prisma.$transaction(async (transaction) => {
      await appendRunEvents(transaction, { id: runId, tenantId: principal.tenantId }, [{ type: 'run-finished', payload: { status: 'failed' } }]);
      throw new Error('roll back');
    });
    await expect(rollback).rejects.toThrow('roll back');
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);
  });

  it('signs each delivery, retries a receiver answering 500 twice, and succeeds on attempt 3', async () => {
    const hook = await receiver([500, 500, 200]);
    const webhook = await test.platform.webhooks.create(principal, { url: hook.url, eventTypes: ['run.cancelled', 'run.completed'] });
    const runId = await cancelledRun();
    await dispatcher().start();
    await expect.poll(async () => (await deliveriesOf(webhook.id))[0]?.status, { timeout: 20_000 }).toBe('succeeded');

    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(hook.received).toHaveLength(3);
    for (const [index, request] of hook.received.entries()) {
      expect(request.headers['agentloom-event']).toBe('run.cancelled');
      expect(request.headers['agentloom-delivery']).toBe(delivery!.id);
      expect(request.headers['agentloom-attempt']).toBe(String(index + 1));
      expect(request.headers['content-type']).toBe('application/json');
      const signature = request.headers['agentloom-signature'] as string;
      expect(verifyWebhookSignature(webhook.secret, signature, request.body, 60)).toBe(true);
      expect(verifyWebhookSignature(webhook.secret, signature, request.body.replace('cancelled', 'succeeded'), 60)).toBe(false);
      expect(verifyWebhookSignature(webhook.secret, signature, request.body, 60, Math.floor(Date.now() / 1000) + 3_600)).toBe(false);
    }
    expect(JSON.parse(hook.received[2]!.body)).toEqual({
      id: delivery!.eventId,
      type: 'run.cancelled',
      createdAt: expect.any(String) as string,
      data: expect.objectContaining({ runId }) as object,
    });
  });

  it('gives up after the last attempt with the last status code, and a redelivery sends the same event again', async () => {
    const hook = await receiver([503, 503, 503, 204]);
    const webhook = await test.platform.webhooks.create(principal, { url: hook.url, eventTypes: ['run.cancelled'] });
    await cancelledRun();
    await dispatcher().start();
    await expect.poll(async () => (await deliveriesOf(webhook.id))[0]?.status, { timeout: 20_000 }).toBe('failed');
    const [failed] = await deliveriesOf(webhook.id);
    expect(failed).toMatchObject({ attempts: 3, lastStatusCode: 503, lastError: 'The receiver answered HTTP 503' });

    const redelivery = await test.platform.webhooks.redeliver(principal, { deliveryId: failed!.id });
    expect(redelivery).toMatchObject({ redeliveryOfId: failed!.id, eventId: failed!.eventId, status: 'pending', attempts: 0 });
    await expect
      .poll(async () => (await deliveriesOf(webhook.id)).find((delivery) => delivery.id === redelivery.id)?.status, { timeout: 20_000 })
      .toBe('succeeded');
    expect(hook.received).toHaveLength(4);
    expect(hook.received[3]!.body).toBe(hook.received[0]!.body);
    const audit = await test.platform.database.prisma.auditLog.findMany({
      where: { targetId: { in: [webhook.id, failed!.id] } },
      orderBy: { createdAt: 'asc' },
    });
    expect(audit.map((entry) => entry.action)).toEqual(['webhook.create', 'webhook-delivery.redeliver']);
  });

  it('retries a delivery whose process died mid-attempt once its lease expires', async () => {
    const hook = await receiver();
    const webhook = await test.platform.webhooks.create(principal, { url: hook.url, eventTypes: ['run.cancelled'] });
    await cancelledRun();
    // A "dead" process claims with a lease that is already over, and never reports back.
    const claimed = await claimDeliveries(test.platform.database.prisma, 'dead-process', 10, -1_000, 3);
    expect(claimed.map((delivery) => delivery.attempt)).toEqual([1]);
    expect((await deliveriesOf(webhook.id))[0]?.status).toBe('delivering');
    await dispatcher({}, 'survivor').start();
    await expect.poll(async () => (await deliveriesOf(webhook.id))[0]?.status, { timeout: 20_000 }).toBe('succeeded');
    expect((await deliveriesOf(webhook.id))[0]?.attempts).toBe(2);
    expect(hook.received).toHaveLength(1);
  });

  it('refuses loopback, private, link-local, metadata and non-http targets when an endpoint is created', async () => {
    const strict = new WebhookService(test.platform.database, new WebhookTargetGuard(new OutboundPolicy()), new SecretBox(testSecretKey));
    const refused = [
      'http://127.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://10.0.0.1/hook',
      'http://localhost:8080/hook',
      'http://metadata.google.internal/',
      'ftp://example.com/hook',
      'not a url',
    ];
    for (const url of refused) {
      await expect(strict.create(principal, { url, eventTypes: ['run.completed'] }), url).rejects.toMatchObject({ kind: 'validation', field: 'url' });
    }
    expect(await test.platform.database.prisma.webhookEndpoint.count()).toBe(0);
  });

  it('refuses a private target again at delivery time, before connecting', async () => {
    const hook = await receiver();
    // Created where 127.0.0.1 was allowed; delivered by a process where it is not (as if DNS changed since).
    const webhook = await test.platform.webhooks.create(principal, { url: hook.url, eventTypes: ['run.cancelled'] });
    await cancelledRun();
    await dispatcher({ allowPrivateTargets: [] }).start();
    await expect.poll(async () => (await deliveriesOf(webhook.id))[0]?.status, { timeout: 20_000 }).toBe('failed');
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: null });
    expect(delivery!.lastError).toMatch(/Refused to reach .*loopback/);
    expect(hook.received).toHaveLength(0);
  });

  it("hides other tenants' endpoints and deliveries (not-found), needs admin, and never lists the secret", async () => {
    const hook = await receiver();
    const webhook = await test.platform.webhooks.create(principal, { url: hook.url, eventTypes: ['run.cancelled'] });
    await cancelledRun();
    const [delivery] = await deliveriesOf(webhook.id);
    const stranger: Principal = { ...principal, tenantId: '0190f5c4-0000-7000-8000-00000000000b', tenantName: 'Other' };
    await expect(test.platform.webhooks.delete(stranger, { webhookId: webhook.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.webhooks.listDeliveries(stranger, { webhookId: webhook.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.webhooks.redeliver(stranger, { deliveryId: delivery!.id })).rejects.toMatchObject({ kind: 'not-found' });
    expect((await test.platform.webhooks.list(stranger)).webhooks).toEqual([]);
    await expect(test.platform.webhooks.list({ ...principal, role: 'operator' })).rejects.toMatchObject({ kind: 'forbidden' });
    const listed = (await test.platform.webhooks.list(principal)).webhooks;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(webhook.secret);
    await test.platform.webhooks.delete(principal, { webhookId: webhook.id });
    const audit = await test.platform.database.prisma.auditLog.findMany({ where: { targetId: webhook.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((entry) => entry.action)).toEqual(['webhook.create', 'webhook.delete']);
    expect(JSON.stringify(audit)).not.toContain(webhook.secret);
  });

  it('is delivered by the executor: a run that completes and one that asks for approval', async () => {
    const hook = await receiver();
    const webhook = await test.platform.webhooks.create(principal, { url: hook.url, eventTypes: ['run.completed', 'approval.requested'] });
    const researcherId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-researcher' } })).id;
    const completed = await test.platform.runs.create(principal, { agentId: researcherId, input: 'durable?' });
    const waiting = await test.platform.runs.create(principal, { agentId: operatorAgentId, input: 'restart the service' });
    await test.platform.executor.start();
    try {
      await expect.poll(() => hook.received.length, { timeout: 60_000 }).toBe(2);
    } finally {
      await test.platform.executor.stop();
    }
    const bodies = hook.received.map((request) => JSON.parse(request.body) as { type: string; data: { runId: string } });
    expect(bodies.map((body) => [body.type, body.data.runId]).sort()).toEqual(
      [
        ['approval.requested', waiting.run.id],
        ['run.completed', completed.run.id],
      ].sort(),
    );
    expect((await deliveriesOf(webhook.id)).map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
  });
});
