import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { appendRunEvents } from '../events/append-run-events';
import { scanForContent } from '../memory/testing/scan-for-content';
import {
  createTestAgent,
  createTestPlatform,
  silentLogger,
  startWebhookReceiver,
  type TestPlatform,
  type WebhookReceiver,
  holdRowLock,
  sessionsWaitingOnLocks,
} from '../testing';

/**
 * A redelivery copies a delivery's payload (a run's output) into a new row. Pressed while an erase
 * of that run is under way, after the erase deleted the run's deliveries, the copy used to commit
 * beside it and survive: pending, with the erased text, and with no run left for a later erase to
 * find it by. A redelivery now takes the erase fence (ADR 0040) before it reads the original.
 *
 * Server only: the race needs two connections. A third transaction holds a row lock on the run's
 * event, so the erase stops at its `DELETE FROM run_events`, after the deliveries' delete.
 */
describe('a redelivery racing an erase of its run (server)', () => {
  let test: TestPlatform;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    test = await createTestPlatform('server', silentLogger, { webhooks: { allowPrivateTargets: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await test?.dispose();
    await receiver?.close();
  });

  it('waits for the erase and then finds no delivery to copy: no copy of the erased output survives', async () => {
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const { prisma } = test.platform.database;
    const marker = `redelivered-${randomUUID()}`;
    const webhook = await test.platform.webhooks.create(principal, { url: receiver.url, eventTypes: ['run.completed'] });
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'redelivered', config: {} });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const run = await prisma.run.create({
      data: {
        tenantId: principal.tenantId,
        agentId,
        agentVersionId: version.id,
        status: 'succeeded',
        input: { text: 'task' },
        output: { text: `answer ${marker}` },
        finishedAt: new Date(),
      },
    });
    await appendRunEvents(prisma, { id: run.id, tenantId: principal.tenantId }, [
      { type: 'run-finished', payload: { status: 'succeeded', output: { text: `answer ${marker}` } } },
    ]);
    const [delivery] = (await test.platform.webhooks.listDeliveries(principal, { webhookId: webhook.id })).deliveries;
    expect(JSON.stringify(delivery!.payload)).toContain(marker);

    const holder = await holdRowLock(test.platform.database, 'SELECT seq FROM run_events WHERE run_id = $1::uuid FOR UPDATE', run.id);
    const waitingOn = (pattern: string) => sessionsWaitingOnLocks(test.platform.database, pattern);

    const erase = test.platform.erase.eraseRun(principal, { runId: run.id });
    await expect.poll(() => waitingOn('%DELETE%run_events%'), { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    // An admin presses "redeliver" on the delivery the console still shows.
    const redelivery = test.platform.webhooks.redeliver(principal, { deliveryId: delivery!.id }).then(
      () => 'copied',
      (error: { kind?: string }) => error.kind ?? 'internal',
    );
    await expect.poll(() => waitingOn('%pg_advisory_xact_lock_shared%'), { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    holder.release();
    await holder.done;
    expect((await erase).counts['runs']).toBe(1);

    expect(await redelivery).toBe('not-found');
    expect(await prisma.webhookDelivery.count({ where: { endpointId: webhook.id } })).toBe(0);
    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
  });
});
