import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestPlatform, type TestPlatform } from '../../testing';

describe.each(databaseModes)('durable runs on the engine (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let researcherId: string;
  let operatorId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agents = await test.platform.database.prisma.agent.findMany();
    researcherId = agents.find((agent) => agent.slug === 'demo-researcher')!.id;
    operatorId = agents.find((agent) => agent.slug === 'demo-operator')!.id;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;
  const eventsOf = async (runId: string) => (await test.platform.runEvents.list(principal, { runId, limit: 1000 })).events;

  it('runs an agent to completion, committing every step with gap-free events and a flat checkpoint history', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: researcherId, input: 'Why are durable runs useful?' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('succeeded');
    const finished = await test.platform.runs.get(principal, { runId: run.id });
    expect((finished.output as { text: string }).text).toContain('durable runs survive crashes');
    expect(finished.usage.steps).toBeGreaterThanOrEqual(4);
    expect(finished.usage.toolCalls).toBe(3);
    const events = await eventsOf(run.id);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events[0]?.type).toBe('run-created');
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', payload: { status: 'succeeded' } });
    const { prisma } = test.platform.database;
    expect(await prisma.checkpoint.count({ where: { runId: run.id } })).toBe(1);
    const messages = await prisma.message.findMany({ where: { runId: run.id }, orderBy: { index: 'asc' } });
    expect(messages.map((message) => message.index)).toEqual(messages.map((_, index) => index));
    expect(messages.every((message) => message.stepId !== null)).toBe(true);
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id } });
    expect(calls.map((call) => call.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('pauses for approval, releases the lease, and resumes with the approved call executed once', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: operatorId, input: 'Notify on-call about the deploy' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('waiting_human');
    const { prisma } = test.platform.database;
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ leaseOwner: null });
    const [approval] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    expect(approval).toMatchObject({ toolName: 'send_notification', originalArguments: { channel: 'on-call' } });
    await test.platform.approvals.decide(principal, { approvalId: approval!.id, decision: 'approve' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('succeeded');
    const toolMessage = await prisma.message.findFirstOrThrow({ where: { runId: run.id, role: 'tool' } });
    expect(toolMessage.content).toContain('Notification delivered to #on-call');
    const call = await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id } });
    expect(call.status).toBe('succeeded');
    expect((call.statusHistory as { status: string }[]).map((entry) => entry.status)).toEqual(['awaiting_approval', 'approved', 'running', 'succeeded']);
  });

  it('returns a rejection reason to the model as the tool result', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: operatorId, input: 'Notify on-call, please' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('waiting_human');
    const [approval] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    await test.platform.approvals.decide(principal, { approvalId: approval!.id, decision: 'reject', reason: 'Not during the freeze' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('succeeded');
    const toolMessage = await test.platform.database.prisma.message.findFirstOrThrow({ where: { runId: run.id, role: 'tool' } });
    expect(toolMessage.content).toContain('Not during the freeze');
    expect(toolMessage.isError).toBe(true);
    // The ledger keeps the rejection: status, who, and why.
    const call = await test.platform.database.prisma.toolCall.findFirstOrThrow({ where: { runId: run.id } });
    expect(call).toMatchObject({ status: 'rejected', errorKind: 'rejected' });
    const history = call.statusHistory as { status: string; actor?: string; reason?: string }[];
    expect(history.map((entry) => entry.status)).toEqual(['awaiting_approval', 'rejected']);
    expect(history[1]).toMatchObject({ reason: 'Not during the freeze', actor: principal.apiKeyName });
  });

  it('executes the edited arguments after edit-and-approve', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: operatorId, input: 'Notify about the deploy' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('waiting_human');
    const [approval] = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    await test.platform.approvals.decide(principal, { approvalId: approval!.id, decision: 'edit', arguments: { channel: 'release-managers', message: 'Edited by a human' } });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('succeeded');
    const toolMessage = await test.platform.database.prisma.message.findFirstOrThrow({ where: { runId: run.id, role: 'tool' } });
    expect(toolMessage.content).toContain('#release-managers');
  });

  it('cancels a run waiting for a human at once', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: operatorId, input: 'Notify and then get cancelled' });
    await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toBe('waiting_human');
    await test.platform.runs.cancel(principal, { runId: run.id });
    expect(await statusOf(run.id)).toBe('cancelled');
    expect((await test.platform.approvals.list(principal, { runId: run.id })).approvals[0]?.status).toBe('expired');
  });

  it('streams events: replay from any seq then live, no gap, no duplicate, ending at run-finished', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: researcherId, input: 'Stream me' });
    const received: number[] = [];
    const controller = new AbortController();
    for await (const item of await test.platform.runEvents.stream(principal, { runId: run.id, afterSeq: 0 }, controller.signal, 1_000)) {
      if (item.kind === 'events') received.push(...item.events.map((event) => event.seq));
    }
    expect(received).toEqual(received.map((_, index) => index + 1));
    const resumedFrom = Math.floor(received.length / 2);
    const replayed: number[] = [];
    for await (const item of await test.platform.runEvents.stream(principal, { runId: run.id, afterSeq: resumedFrom }, controller.signal, 1_000)) {
      if (item.kind === 'events') replayed.push(...item.events.map((event) => event.seq));
    }
    expect(replayed).toEqual(received.slice(resumedFrom));
  });

  it('refuses to stream a run of another tenant', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId: researcherId, input: 'private' });
    const stranger = { ...principal, tenantId: '0190a1b2-0000-7000-8000-000000000009' };
    await expect(test.platform.runEvents.stream(stranger, { runId: run.id }, new AbortController().signal)).rejects.toMatchObject({ kind: 'not-found' });
  });
});
