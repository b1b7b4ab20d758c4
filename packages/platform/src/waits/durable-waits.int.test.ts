import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/** Replies by task: each test's task names its own correlation key, so pending keys never collide. */
function waitReply(task: string, toolName: string, args: Record<string, unknown>) {
  return [
    { whenTaskIncludes: task, text: 'Waiting.', toolCalls: [{ name: toolName, arguments: args }] },
    { whenTaskIncludes: task, text: `Done with ${task}.`, toolCalls: [] },
  ];
}

describe.each(databaseModes)('durable waits (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { executor: { pollMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'waiter',
      config: {
        instructions: 'You wait.',
        builtinTools: ['sleep', 'wait_until', 'wait_for_event'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            ...waitReply('nap briefly', 'sleep', { seconds: 1 }),
            ...waitReply('await order-a', 'wait_for_event', { correlationKey: 'order-a' }),
            ...waitReply('await order-twice', 'wait_for_event', { correlationKey: 'order-twice' }),
            ...waitReply('await order-late', 'wait_for_event', { correlationKey: 'order-late', timeoutSeconds: 1 }),
            ...waitReply('await order-cancel', 'wait_for_event', { correlationKey: 'order-cancel' }),
          ],
        },
      },
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;
  const eventsOf = async (runId: string) => (await test.platform.runEvents.list(principal, { runId, limit: 1000 })).events;
  const start = async (input: string) => (await test.platform.runs.create(principal, { agentId, input })).run.id;
  const toolMessageOf = (runId: string) => test.platform.database.prisma.message.findMany({ where: { runId, role: 'tool' } });

  /** The wait was registered and the run parked: the run is waiting, or (timers) already past it. */
  const waitOf = (runId: string) => test.platform.database.prisma.runWait.findFirst({ where: { runId } });

  it('sleep releases the lease, parks the run, and resumes it once after the wake time with the elapsed result', async () => {
    const runId = await start('Nap briefly, then report');
    await expect.poll(() => statusOf(runId), { timeout: 30_000 }).toBe('succeeded');
    const { prisma } = test.platform.database;
    const wait = await prisma.runWait.findFirstOrThrow({ where: { runId } });
    expect(wait).toMatchObject({ kind: 'timer', status: 'completed' });
    const events = await eventsOf(runId);
    const parked = events.filter((event) => event.type === 'run-waiting');
    expect(parked).toHaveLength(1);
    expect(parked[0]?.payload).toMatchObject({ wakeAt: wait.wakeAt!.toISOString(), waits: [{ toolName: 'sleep', kind: 'timer' }] });
    // Exactly one wake: one run-started after the park, and it came at or after the wake time (database clock).
    const woke = events.filter((event) => event.type === 'run-started' && (event.payload as { wokeFromWait?: boolean }).wokeFromWait === true);
    expect(woke).toHaveLength(1);
    // The view rounds times; the row keeps milliseconds.
    const wokeRow = await prisma.runEvent.findFirstOrThrow({ where: { runId, seq: woke[0]!.seq } });
    expect(wokeRow.createdAt.getTime()).toBeGreaterThanOrEqual(wait.wakeAt!.getTime());
    expect(events.indexOf(woke[0]!)).toBeGreaterThan(events.indexOf(parked[0]!));
    const [message] = await toolMessageOf(runId);
    expect(message?.content).toBe(`Waited until ${wait.wakeAt!.toISOString()}.`);
    const call = await prisma.toolCall.findFirstOrThrow({ where: { runId, name: 'sleep' } });
    expect(call.status).toBe('succeeded');
    expect(events.filter((event) => event.type === 'tool-call-finished')).toHaveLength(1);
  });

  it('wait_for_event resumes once with the delivered payload as the tool result, audit-logged', async () => {
    const runId = await start('Await order-A payment');
    await expect.poll(() => statusOf(runId), { timeout: 30_000 }).toBe('waiting');
    const { prisma } = test.platform.database;
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ leaseOwner: null, wakeAt: null });
    expect(await test.platform.waits.listForRun(principal, { runId })).toMatchObject([{ kind: 'event', status: 'pending', correlationKey: 'order-a', wakeAt: null }]);
    const delivery = await test.platform.waits.deliver(principal, { correlationKey: 'order-a', payload: { paid: true, amount: 42 } });
    expect(delivery).toMatchObject({ runId, correlationKey: 'order-a' });
    await expect.poll(() => statusOf(runId), { timeout: 30_000 }).toBe('succeeded');
    const [message] = await toolMessageOf(runId);
    expect(message?.content).toBe('Event "order-a" received: {"paid":true,"amount":42}');
    const events = await eventsOf(runId);
    expect(events.filter((event) => event.type === 'wait-event-delivered')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'tool-call-finished')).toHaveLength(1);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: 'run.event-delivered', targetId: runId } });
    expect(audit.after).toMatchObject({ correlationKey: 'order-a' });
  });

  it('takes one of several concurrent deliveries; the others are refused with a conflict', async () => {
    const runId = await start('Await order-twice payment');
    await expect.poll(() => statusOf(runId), { timeout: 30_000 }).toBe('waiting');
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((attempt) => test.platform.waits.deliver(principal, { correlationKey: 'order-twice', payload: { attempt } })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) expect(outcome.reason).toMatchObject({ kind: 'conflict' });
    await expect.poll(() => statusOf(runId), { timeout: 30_000 }).toBe('succeeded');
    await expect(test.platform.waits.deliver(principal, { correlationKey: 'order-twice', payload: {} })).rejects.toMatchObject({ kind: 'conflict' });
    expect((await eventsOf(runId)).filter((event) => event.type === 'wait-event-delivered')).toHaveLength(1);
  });

  it('refuses an event nobody waits for with not-found, and a bad key with a validation error naming the field', async () => {
    await expect(test.platform.waits.deliver(principal, { correlationKey: 'nobody-waits', payload: {} })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(test.platform.waits.deliver(principal, { correlationKey: 'has spaces', payload: {} })).rejects.toMatchObject({ kind: 'validation', field: 'correlationKey' });
  });

  it('resumes a timed-out wait with a timeout result, and refuses the late event', async () => {
    const runId = await start('Await order-late payment');
    await expect.poll(() => statusOf(runId), { timeout: 30_000 }).toBe('succeeded');
    const [message] = await toolMessageOf(runId);
    expect(message?.content).toMatch(/^No event "order-late" arrived before the timeout at /);
    expect(message?.isError).toBe(false);
    await expect(test.platform.waits.deliver(principal, { correlationKey: 'order-late', payload: {} })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('cancels a waiting run at once; its wait ends and a later event is refused', async () => {
    const runId = await start('Await order-cancel payment');
    await expect.poll(() => statusOf(runId), { timeout: 30_000 }).toBe('waiting');
    await test.platform.runs.cancel(principal, { runId });
    expect(await statusOf(runId)).toBe('cancelled');
    expect(await waitOf(runId)).toMatchObject({ status: 'cancelled' });
    await expect(test.platform.waits.deliver(principal, { correlationKey: 'order-cancel', payload: {} })).rejects.toMatchObject({ kind: 'conflict' });
    const call = await test.platform.database.prisma.toolCall.findFirstOrThrow({ where: { runId } });
    expect(call.status).not.toBe('running');
  });
});
