import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

/**
 * A recorded run waited for an external event (wait_for_event with the caller's correlation key) and
 * got it. Its replay serves the recording: found by the replay audit, a replay ran the engine's own
 * wait tool, which registered a real wait in the tenant, took the correlation key from live runs,
 * received the live system's next event, and parked the replay until then.
 */
describe.each(databaseModes)('replay of a run that waited for an event (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const key = `order-replay-${mode}`;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { executor: { pollMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'waiter',
      config: {
        instructions: 'You wait for payments.',
        builtinTools: ['wait_for_event'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            { text: 'Waiting for the payment.', toolCalls: [{ name: 'wait_for_event', arguments: { correlationKey: key } }] },
            { text: 'Payment received.', toolCalls: [] },
          ],
        },
      },
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;

  it('a recorded replay registers no wait of its own and does not receive the live event of the key', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Await the payment of the order' });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('waiting');
    await test.platform.waits.deliver(principal, { correlationKey: key, payload: { paid: true } });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('succeeded');

    await test.platform.datasets.create(principal, { name: `waits-${mode}` });
    await test.platform.datasets.addRuns(principal, { name: `waits-${mode}`, runIds: [run.id] });
    const experiment = await test.platform.experiments.create(principal, { dataset: `waits-${mode}`, agentId, agentVersion: 1 });
    const replayRunId = experiment.results[0]!.runId;
    // Wait until the replay run has left the queue/executor (it ends, or it parks).
    await expect.poll(() => statusOf(replayRunId), { timeout: 60_000 }).not.toMatch(/^(queued|running)$/);

    const replayWaits = await test.platform.database.prisma.runWait.findMany({ where: { runId: replayRunId }, select: { correlationKey: true, status: true } });
    // The live system now sends the event for the key (e.g. a new payment of the same order).
    const delivery = await test.platform.waits.deliver(principal, { correlationKey: key, payload: { paid: 'live' } }).catch((error: unknown) => error);
    expect({
      replayStatus: await statusOf(replayRunId),
      replayWaits,
      deliveredTo: (delivery as { runId?: string }).runId === replayRunId ? 'the replay run' : 'nobody',
    }).toEqual({
      replayStatus: 'succeeded',
      replayWaits: [],
      deliveredTo: 'nobody',
    });
    // The replay was served the recorded outcome, as the recorded run saw it.
    const served = await test.platform.database.prisma.message.findFirst({
      where: { runId: replayRunId, role: 'tool', toolName: 'wait_for_event' },
      select: { content: true },
    });
    expect(served?.content).toContain('"paid":true');
  });
});
