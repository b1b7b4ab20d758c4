import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * A durable wait ends with its run, by whichever path the run ends. Found by the cancel audit: only
 * the cancel of a run that was not running closed its waits. A step that registered a wait beside a
 * call the cancel stopped left the wait pending: the key stayed taken (a retry could not wait on it),
 * and a late event was accepted after `run-finished`.
 */

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
let release = gate();
/** Honours its abort signal; otherwise waits for the test. */
const gatedTool = defineTool({
  name: 'gated_step',
  description: 'Waits for the test.',
  implementationId: 'test-tools/v1/gated_step',
  inputSchema: z.object({}),
  sideEffects: 'none',
  execute: async (_args, context) => {
    await new Promise<void>((resolve, reject) => {
      void release.opened.then(resolve);
      context.signal?.addEventListener('abort', () => reject(new Error('aborted')));
    });
    return { content: 'done' };
  },
});

describe.each(databaseModes)('cancel vs a durable wait registered in the same step (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [gatedTool], executor: { pollMs: 50, heartbeatMs: 600_000, toolAbortGraceMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const replies = ['via-api', 'no-notify', 'retried', 'left-pending'].flatMap((name) => [
      {
        whenTaskIncludes: name,
        text: 'Working.',
        toolCalls: [
          { name: 'gated_step', arguments: {} },
          { name: 'wait_for_event', arguments: { correlationKey: `key-${name}` } },
        ],
      },
      { whenTaskIncludes: name, text: 'Done.' },
    ]);
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'waiter',
      config: { builtinTools: ['wait_for_event'], tools: ['gated_step'], completion: { verify: false, requireToolEvidence: false }, demoScript: { replies } },
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(async () => {
    release.open();
    await test?.dispose();
  });

  it('a retry of such a cancelled run can wait on the same key (the cancelled run no longer holds it)', async () => {
    const { prisma } = test.platform.database;
    release = gate();
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'task retried' });
    await expect.poll(() => prisma.runWait.count({ where: { runId: run.id, status: 'pending' } }), { timeout: 60_000 }).toBe(1);
    await test.platform.runs.cancel(principal, { runId: run.id });
    release.open();
    await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 60_000 }).toBe('cancelled');
    const retry = await test.platform.runs.retry(principal, { runId: run.id });
    const retryId = (retry as { run: { id: string } }).run.id;
    // The retry's first step runs the same two calls; its wait parks it on the same key.
    await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: retryId } })).status, { timeout: 60_000 }).not.toMatch(/queued|running/);
    const retried = await prisma.run.findUniqueOrThrow({ where: { id: retryId }, select: { status: true } });
    const waitResult = await prisma.toolCall.findFirst({ where: { runId: retryId, name: 'wait_for_event' }, select: { status: true, result: true } });
    expect({ status: retried.status, waits: await prisma.runWait.count({ where: { runId: retryId, status: 'pending' } }), waitResult }).toMatchObject({
      status: 'waiting',
      waits: 1,
    });
  });

  it('an event for a wait whose run ended is refused, even if the wait was left pending (by an earlier version)', async () => {
    const { prisma } = test.platform.database;
    release = gate();
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'task left-pending' });
    await expect.poll(() => prisma.runWait.count({ where: { runId: run.id, status: 'pending' } }), { timeout: 60_000 }).toBe(1);
    await test.platform.runs.cancel(principal, { runId: run.id });
    release.open();
    await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 60_000 }).toBe('cancelled');
    await prisma.runWait.updateMany({ where: { runId: run.id }, data: { status: 'pending' } });
    const lastSeq = (await prisma.runEvent.findFirstOrThrow({ where: { runId: run.id }, orderBy: { seq: 'desc' } })).seq;
    await expect(test.platform.waits.deliver(principal, { correlationKey: 'key-left-pending', payload: { late: true } })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'The wait for "key-left-pending" ended with its run',
    });
    expect((await prisma.runEvent.findFirstOrThrow({ where: { runId: run.id }, orderBy: { seq: 'desc' } })).seq).toBe(lastSeq);
  });

  for (const variant of ['via-api', 'no-notify'] as const) {
    it(`a run cancelled while its step registered a wait leaves no pending wait (${variant})`, async () => {
      const { prisma } = test.platform.database;
      release = gate();
      const { run } = await test.platform.runs.create(principal, { agentId, input: `task ${variant}` });
      // The wait is registered (pending) while the sibling call still runs.
      await expect.poll(() => prisma.runWait.count({ where: { runId: run.id, status: 'pending' } }), { timeout: 60_000 }).toBe(1);
      if (variant === 'via-api') await test.platform.runs.cancel(principal, { runId: run.id });
      else await prisma.$executeRawUnsafe('UPDATE runs SET cancel_requested_at = now() WHERE id = $1::uuid', run.id);
      release.open();
      await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 60_000 }).toBe('cancelled');
      const waits = await prisma.runWait.findMany({ where: { runId: run.id }, select: { status: true, correlationKey: true } });
      let delivery: unknown;
      try {
        delivery = await test.platform.waits.deliver(principal, { correlationKey: `key-${variant}`, payload: { late: true } });
      } catch (error) {
        delivery = { refused: (error as { kind?: string }).kind };
      }
      const events = await prisma.runEvent.findMany({ where: { runId: run.id }, orderBy: { seq: 'asc' }, select: { type: true } });
      expect({ waits, delivery, lastEvent: events.at(-1)?.type }).toEqual({
        waits: [{ status: 'cancelled', correlationKey: `key-${variant}` }],
        delivery: { refused: 'conflict' },
        lastEvent: 'run-finished',
      });
    });
  }
});
