import { randomBytes } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { AbortedError, DefaultToolRegistry, defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { ModelConnector } from '../outbound/model-connector';
import { SecretBox } from '../secrets/secret-box';
import { ToolCatalog } from '../tools/tool-catalog';
import { createCancelFenceHooks } from './engine/cancel-fence-hooks';
import { EngineRunProcessor } from './engine/engine-run-processor';
import { createToolLedgerHooks } from './engine/tool-ledger-hooks';
import { recoverExpiredLeases } from './recover-expired-leases';
import { claimRuns, releaseRun } from './run-claims';

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Released by the test: the call completes only when told, whatever happens to the run meanwhile. */
let gatedRelease = gate();
const gatedTool = defineTool({
  name: 'gated_step',
  description: 'Waits for the test, then succeeds.',
  implementationId: 'test-tools/v1/gated_step',
  inputSchema: z.object({}),
  sideEffects: 'none',
  execute: async () => {
    await gatedRelease.opened;
    return { content: 'done' };
  },
});

/** Ignores its abort signal: only the test's gate ends it. */
let stubbornRelease = gate();
const stubbornTool = defineTool({
  name: 'stubborn_step',
  description: 'Ignores cancellation.',
  implementationId: 'test-tools/v1/stubborn_step',
  inputSchema: z.object({}),
  sideEffects: 'unsafe',
  execute: async () => {
    await stubbornRelease.opened;
    return { content: 'finished long after the cancel' };
  },
});

describe.each(databaseModes)('cancel wins (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  const agents: Record<string, string> = {};

  async function createAgent(slug: string, config: Record<string, unknown>): Promise<string> {
    const agent = await test.platform.database.prisma.agent.create({
      data: { tenantId: principal.tenantId, slug, name: slug, versions: { create: { tenantId: principal.tenantId, version: 1, configHash: slug, config: config as never } } },
    });
    return agent.id;
  }

  async function eventTypes(runId: string): Promise<{ types: string[]; gapFree: boolean }> {
    const events = await test.platform.database.prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' } });
    return { types: events.map((event) => event.type), gapFree: events.every((event, index) => Number(event.seq) === index + 1) };
  }

  async function setCancelRequested(runId: string): Promise<void> {
    // Committed without the NOTIFY cancelRun sends: the executor is not told, as when a notification is lost.
    await test.platform.database.prisma.$executeRawUnsafe('UPDATE runs SET cancel_requested_at = now() WHERE id = $1::uuid', runId);
  }

  beforeAll(async () => {
    stubbornRelease = gate();
    // A heartbeat that never comes during the test: only the fenced checks can see an un-notified cancel.
    test = await createTestPlatform(mode, silentLogger, { tools: [gatedTool, stubbornTool], executor: { pollMs: 50, heartbeatMs: 600_000, toolAbortGraceMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agents['gated'] = await createAgent('gated', {
      builtinTools: [],
      tools: ['gated_step'],
      demoScript: { replies: [{ text: 'Working.', toolCalls: [{ name: 'gated_step', arguments: {} }] }, { text: 'All done.' }] },
    });
    agents['stubborn'] = await createAgent('stubborn', {
      builtinTools: [],
      tools: ['stubborn_step'],
      demoScript: { replies: [{ text: 'Working.', toolCalls: [{ name: 'stubborn_step', arguments: {} }] }, { text: 'All done.' }] },
    });
    agents['broken'] = await createAgent('broken', { builtinTools: [], tools: ['no_such_tool'] });
  });
  afterAll(async () => {
    gatedRelease.open();
    stubbornRelease.open();
    await test?.dispose();
  });

  it('recovery ends an expired, cancel-requested run `cancelled` and closes its running calls, instead of re-queuing it', async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId: agents['gated']!, input: 'x' });
    // A dead executor: claimed with a lease already over, one call left running.
    expect((await claimRuns(prisma, 'dead-executor', 1, -1_000)).map((claimed) => claimed.id)).toEqual([run.id]);
    await prisma.toolCall.create({
      data: { tenantId: principal.tenantId, runId: run.id, callId: 'call-1', name: 'stubborn_step', implementationId: 'test-tools/v1/stubborn_step', sideEffects: 'unsafe', arguments: {}, idempotencyKey: `${run.id}:call-1`, status: 'running', startedAt: new Date() },
    });
    await prisma.toolCall.create({
      data: { tenantId: principal.tenantId, runId: run.id, callId: 'call-0', name: 'stubborn_step', implementationId: 'test-tools/v1/stubborn_step', sideEffects: 'unsafe', arguments: {}, idempotencyKey: `${run.id}:call-0`, status: 'outcome_unknown', startedAt: new Date() },
    });
    await setCancelRequested(run.id);
    const recovered = await recoverExpiredLeases(prisma);
    expect(recovered).toEqual([expect.objectContaining({ runId: run.id, outcome: 'cancelled' })]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'cancelled', attempt: 1, leaseOwner: null });
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { callId: 'asc' }, select: { callId: true, status: true, errorKind: true, approval: { select: { status: true } } } });
    // The running call is closed (outcome unknown, nothing will finish it); the unknown outcome nobody
    // was asked about gets its operator question, which records the truth though the run is over.
    expect(calls).toEqual([
      { callId: 'call-0', status: 'outcome_unknown', errorKind: null, approval: { status: 'pending' } },
      { callId: 'call-1', status: 'abandoned', errorKind: 'abandoned', approval: null },
    ]);
    expect(await eventTypes(run.id)).toEqual({ types: ['run-created', 'run-started', 'run-recovered', 'tool-call-abandoned', 'approval-requested', 'run-finished'], gapFree: true });
  });

  it('a claim never starts a queued run whose cancel has committed; recovery ends it `cancelled`', async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId: agents['gated']!, input: 'x' });
    await setCancelRequested(run.id);
    expect(await claimRuns(prisma, 'eager-executor', 10, 30_000)).toEqual([]);
    expect((await recoverExpiredLeases(prisma)).map((entry) => [entry.runId, entry.outcome])).toEqual([[run.id, 'cancelled']]);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('cancelled');
    expect((await eventTypes(run.id)).gapFree).toBe(true);
  });

  it('a draining executor ends a cancel-requested run `cancelled` instead of giving it back to the queue', async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId: agents['gated']!, input: 'x' });
    const [claimed] = await claimRuns(prisma, 'draining-executor', 1, 60_000);
    expect(claimed?.id).toBe(run.id);
    await setCancelRequested(run.id);
    await releaseRun(prisma, 'draining-executor', claimed!);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'cancelled', leaseOwner: null });
    expect(await eventTypes(run.id)).toEqual({ types: ['run-created', 'run-started', 'run-finished'], gapFree: true });
  });

  it('no tool call is marked running, and no model call starts, once the cancel has committed (fenced checks)', async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId: agents['gated']!, input: 'x' });
    const [claimed] = await claimRuns(prisma, 'fenced-executor', 1, 60_000);
    expect(claimed?.id).toBe(run.id);
    await setCancelRequested(run.id);
    const registry = new DefaultToolRegistry();
    registry.register(gatedTool);
    const ledger = createToolLedgerHooks(prisma, claimed!, 'fenced-executor', () => registry);
    const call = { id: 'call-after-cancel', name: 'gated_step', arguments: {} };
    await expect(Promise.resolve(ledger.toolCallStarting!({ instanceId: run.id, step: 1, call, idempotencyKey: `${run.id}:${call.id}` }))).rejects.toBeInstanceOf(AbortedError);
    expect(await prisma.toolCall.count({ where: { runId: run.id } })).toBe(0);
    expect(ledger.failures).toEqual([]);
    const fence = createCancelFenceHooks(prisma, claimed!, 'fenced-executor');
    await expect(Promise.resolve(fence.modelCallStarting!({ instanceId: run.id, step: 1, purpose: 'action', messageCount: 1 }))).rejects.toBeInstanceOf(AbortedError);
    expect(fence.failures).toEqual([]);
    await prisma.run.update({ where: { id: run.id }, data: { status: 'cancelled', leaseOwner: null, finishedAt: new Date() } });
  });

  it('a run that fails to start after its cancel committed ends `cancelled`, not `failed`', async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId: agents['broken']!, input: 'x' });
    const [claimed] = await claimRuns(prisma, 'processor-owner', 1, 60_000);
    await setCancelRequested(run.id);
    const processor = new EngineRunProcessor(test.platform.database, new ToolCatalog([]), silentLogger, new ModelConnector(fetch, new SecretBox(randomBytes(32))));
    await processor.process(claimed!, 'processor-owner', { abort: new AbortController().signal, drain: new AbortController().signal });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'cancelled', errorKind: 'invalid-agent-config' });
  });

  describe('with the executor running', () => {
    beforeAll(() => test.platform.executor.start());

    it('a cancel committed while a tool runs (notification lost) ends the run at the next commit: no further model call', async () => {
      const { prisma } = test.platform.database;
      gatedRelease = gate();
      const { run } = await test.platform.runs.create(principal, { agentId: agents['gated']!, input: 'x' });
      await expect.poll(() => prisma.toolCall.count({ where: { runId: run.id, status: 'running' } }), { timeout: 30_000 }).toBe(1);
      await setCancelRequested(run.id);
      gatedRelease.open();
      await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 30_000 }).toBe('cancelled');
      const { types, gapFree } = await eventTypes(run.id);
      expect(gapFree).toBe(true);
      expect(types.filter((type) => type === 'model-call-started')).toHaveLength(1);
      // The step that saw the cancel ended the run: no second step was taken to find out.
      expect(types.filter((type) => type === 'step-committed')).toHaveLength(1);
      expect(types.at(-1)).toBe('run-finished');
      expect(await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id } })).toMatchObject({ status: 'succeeded' });
    });

    it('a tool that ignores its abort is abandoned after the grace period: run `cancelled`, ledger row `abandoned`', async () => {
      const { prisma } = test.platform.database;
      const { run } = await test.platform.runs.create(principal, { agentId: agents['stubborn']!, input: 'x' });
      await expect.poll(() => prisma.toolCall.count({ where: { runId: run.id, status: 'running' } }), { timeout: 30_000 }).toBe(1);
      await test.platform.runs.cancel(principal, { runId: run.id });
      await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 30_000 }).toBe('cancelled');
      expect(await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id } })).toMatchObject({ status: 'abandoned', errorKind: 'abandoned' });
      const { types, gapFree } = await eventTypes(run.id);
      expect(gapFree).toBe(true);
      expect(types.filter((type) => type === 'model-call-started')).toHaveLength(1);
    });
  });
});
