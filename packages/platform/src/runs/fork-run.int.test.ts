import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

const strangerTenantId = '0190a1b2-0000-7000-8000-000000000002';

/**
 * Two notifications (steps 1 and 2), then a final answer chosen by the task's words. With
 * `maxIterations: 2` the run fails at step 3, so retention keeps step 2's checkpoint (before the
 * failure): the fork point. Budgets restart on resume, so the fork can answer.
 */
const notifyTwiceConfig = {
  instructions: 'Notify twice, then answer.',
  builtinTools: [],
  tools: ['send_notification'],
  approvals: { send_notification: 'never' },
  limits: { maxIterations: 2 },
  demoScript: {
    replies: [
      { text: 'First notification.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'one', message: 'first' } }] },
      { text: 'Second notification.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'two', message: 'second' } }] },
      { text: 'Finished about apples.', whenTaskIncludes: 'apples' },
      { text: 'Finished about pears.', whenTaskIncludes: 'pears' },
    ],
  },
};

describe.each(databaseModes)('fork from a checkpoint (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let viewer: Principal;
  let agentId: string;
  let failed: { id: string };

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const viewerKey = await test.platform.apiKeys.create(principal, { name: 'fork viewer', role: 'viewer' });
    viewer = (await test.platform.auth.authenticate(viewerKey.key))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'notify-twice', config: notifyTwiceConfig });
    // Version 2 answers pears differently and has one more reply (its model binding differs from version 1's),
    // to show a fork continuing on another version.
    const replies = [
      ...notifyTwiceConfig.demoScript.replies.map((reply) => (reply.whenTaskIncludes === 'pears' ? { ...reply, text: 'Version 2 on pears.' } : reply)),
      { text: 'Only version 2 has this reply.', whenTaskIncludes: 'plums' },
    ];
    await test.platform.database.prisma.agentVersion.create({
      data: { tenantId: principal.tenantId, agentId, version: 2, configHash: 'test-notify-twice-2', config: { ...notifyTwiceConfig, demoScript: { replies } } },
    });
    await test.platform.executor.start();
    ({ run: failed } = await test.platform.runs.create(principal, { agentId, agentVersion: 1, input: 'Tell me about apples' }));
  });
  afterAll(() => test?.dispose());

  async function waitForStatus(runId: string, statuses: string[]) {
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 60_000 }).toSatisfy((status: string) => statuses.includes(status));
    return test.platform.runs.get(principal, { runId });
  }
  const prisma = () => test.platform.database.prisma;

  it('the source run failed at step 3 and kept the checkpoint of step 2', async () => {
    expect(await waitForStatus(failed.id, ['failed', 'succeeded'])).toMatchObject({ status: 'failed', error: { kind: 'limit-exceeded' } });
    const checkpoints = await prisma().checkpoint.findMany({ where: { runId: failed.id }, orderBy: { seq: 'asc' } });
    expect(checkpoints.map((checkpoint) => [checkpoint.stepIndex, checkpoint.retainedFor])).toEqual([
      [2, 'before_failure'],
      [3, 'latest'],
    ]);
  });

  it('copies the transcript up to step 2, continues at step 3 without repeating the earlier tool calls, and the edited task reaches the model', async () => {
    await waitForStatus(failed.id, ['failed']);
    const sourceMessages = await prisma().message.findMany({ where: { runId: failed.id }, orderBy: { index: 'asc' } });
    const fork = await test.platform.runs.fork(principal, { runId: failed.id, stepIndex: 2, messages: [{ index: 1, content: 'Tell me about pears' }] });
    expect(fork).toMatchObject({ forkOf: { runId: failed.id, stepIndex: 2 }, threadId: null, agentVersion: 1 });
    const finished = await waitForStatus(fork.id, ['succeeded', 'failed']);
    expect(finished).toMatchObject({ status: 'succeeded', output: { text: 'Finished about pears.' } });

    const steps = await prisma().step.findMany({ where: { runId: fork.id }, orderBy: { index: 'asc' } });
    expect(steps[0]?.index).toBe(3);
    expect(steps.every((step) => step.index > 2)).toBe(true);
    const messages = await prisma().message.findMany({ where: { runId: fork.id }, orderBy: { index: 'asc' } });
    const copied = messages.filter((message) => message.stepId === null);
    const checkpointOfStep2 = await prisma().checkpoint.findFirstOrThrow({ where: { runId: failed.id, stepIndex: 2 } });
    const copiedCount = (checkpointOfStep2.state as { context: { messageCount: number } }).context.messageCount;
    expect(copied.map((message) => message.index)).toEqual(Array.from({ length: copiedCount }, (_, index) => index));
    expect(copied.map((message) => message.content)).toEqual(sourceMessages.slice(0, copiedCount).map((message) => (message.index === 1 ? 'Tell me about pears' : message.content)));
    expect(copied.every((message) => message.sourceRunIds.includes(failed.id))).toBe(true);
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Finished about pears.' });
    expect(messages.map((message) => message.index)).toEqual(messages.map((_, index) => index));

    // The two notifications of steps 1 and 2 ran once, in the source; the fork has no tool call and delivered nothing.
    expect(await prisma().toolCall.count({ where: { runId: fork.id } })).toBe(0);
    expect(await prisma().toolCall.count({ where: { runId: failed.id, status: 'succeeded' } })).toBe(2);
    const forkEvents = await prisma().runEvent.findMany({ where: { runId: fork.id }, orderBy: { seq: 'asc' } });
    expect(forkEvents.some((event) => event.type.includes('notification') || JSON.stringify(event.payload).includes('notification-delivered'))).toBe(false);
    expect(forkEvents[0]).toMatchObject({ seq: 1, type: 'run-created', payload: { forkOfRunId: failed.id, forkStepIndex: 2 } });

    const audit = await test.platform.audit.list(principal, { action: 'run.fork', targetId: fork.id });
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ actorId: principal.apiKeyId, after: { forkOfRunId: failed.id, forkStepIndex: 2 } });
    expect((await test.platform.runs.get(principal, { runId: failed.id })).forks).toContainEqual({ runId: fork.id, stepIndex: 2 });
  });

  it('continues on another version and adds a message the next model call sees', async () => {
    await waitForStatus(failed.id, ['failed']);
    const fork = await test.platform.runs.fork(principal, {
      runId: failed.id,
      stepIndex: 2,
      agentVersion: 2,
      messages: [{ index: 1, content: 'Now about pears' }],
      appendMessage: 'And keep it short.',
    });
    expect(fork).toMatchObject({ agentVersion: 2, forkOf: { runId: failed.id, stepIndex: 2 } });
    expect(await waitForStatus(fork.id, ['succeeded', 'failed'])).toMatchObject({ status: 'succeeded', output: { text: 'Version 2 on pears.' } });
    const stepThree = await prisma().step.findUniqueOrThrow({ where: { runId_index: { runId: fork.id, index: 3 } }, include: { messages: { orderBy: { index: 'asc' } } } });
    expect(stepThree.messages[0]).toMatchObject({ role: 'user', content: 'And keep it short.' });
  });

  it('forks a completed run from its last step only with an added message, and forks of forks work', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, agentVersion: 2, input: 'pears please' });
    // Version 2 still stops at 2 iterations; fork the failure point's step 2 of this run instead to get a completed run.
    await waitForStatus(run.id, ['failed']);
    const completed = await test.platform.runs.fork(principal, { runId: run.id, stepIndex: 2 });
    const done = await waitForStatus(completed.id, ['succeeded', 'failed']);
    expect(done.status).toBe('succeeded');
    const last = done.usage.steps > 0 ? (await prisma().step.aggregate({ where: { runId: done.id }, _max: { index: true } }))._max.index! : 0;
    await expect(test.platform.runs.fork(principal, { runId: done.id, stepIndex: last })).rejects.toMatchObject({ kind: 'validation', field: 'appendMessage' });
    const followUp = await test.platform.runs.fork(principal, { runId: done.id, stepIndex: last, appendMessage: 'One more thing?' });
    expect(await waitForStatus(followUp.id, ['succeeded', 'failed'])).toMatchObject({ status: 'succeeded', forkOf: { runId: done.id, stepIndex: last } });
  });

  it('refuses, naming the field and writing nothing: out of range, no checkpoint, invalid state or edits, a running run', async () => {
    await waitForStatus(failed.id, ['failed']);
    const before = await prisma().run.count();
    const refusal = (input: Record<string, unknown>) => test.platform.runs.fork(principal, { runId: failed.id, stepIndex: 2, ...input });
    await expect(refusal({ stepIndex: 9 })).rejects.toMatchObject({ kind: 'validation', field: 'stepIndex', message: expect.stringContaining('steps 1 to 3') as unknown });
    await expect(refusal({ stepIndex: 1 })).rejects.toMatchObject({ kind: 'validation', field: 'stepIndex', message: expect.stringContaining('steps with one: 2, 3') as unknown });
    await expect(refusal({ stepIndex: 0 })).rejects.toMatchObject({ kind: 'validation', field: 'stepIndex' });
    await expect(refusal({ state: { format: 1, step: 'two' } })).rejects.toMatchObject({ kind: 'validation', field: 'state' });
    const stored = (await prisma().checkpoint.findFirstOrThrow({ where: { runId: failed.id, stepIndex: 2 } })).state as Record<string, unknown> & { context: Record<string, unknown> };
    await expect(refusal({ state: { ...stored, context: { ...stored.context, messageCount: 2 } } })).rejects.toMatchObject({ kind: 'validation', field: 'state.context.messageCount' });
    await expect(refusal({ state: { ...stored, step: 1 } })).rejects.toMatchObject({ kind: 'validation', field: 'state.step' });
    await expect(refusal({ messages: [{ index: 2, content: 'not a user message' }] })).rejects.toMatchObject({ kind: 'validation', field: 'messages.0.index' });
    await expect(refusal({ messages: [{ index: 99, content: 'x' }] })).rejects.toMatchObject({ kind: 'validation', field: 'messages.0.index' });
    await expect(refusal({ messages: [{ index: 1, content: '  ' }] })).rejects.toMatchObject({ kind: 'validation', field: 'messages.0.content' });
    await expect(refusal({ agentVersion: 7 })).rejects.toMatchObject({ kind: 'not-found', field: 'agentVersion' });
    expect(await prisma().run.count()).toBe(before);
    // A run another executor holds (a live lease): its latest checkpoint moves with every step.
    const source = await prisma().run.findUniqueOrThrow({ where: { id: failed.id } });
    const running = await prisma().run.create({
      data: { tenantId: principal.tenantId, agentId, agentVersionId: source.agentVersionId, input: { text: 'apples' }, status: 'running', leaseOwner: 'elsewhere', leaseExpiresAt: new Date(Date.now() + 3_600_000) },
    });
    await expect(test.platform.runs.fork(principal, { runId: running.id, stepIndex: 1 })).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    expect(await prisma().run.count()).toBe(before + 1);
  });

  it('is for operators of the tenant only: a viewer is forbidden, another tenant does not find the run', async () => {
    await expect(test.platform.runs.fork(viewer, { runId: failed.id, stepIndex: 2 })).rejects.toMatchObject({ kind: 'forbidden' });
    const stranger: Principal = { ...principal, tenantId: strangerTenantId };
    await expect(test.platform.runs.fork(stranger, { runId: failed.id, stepIndex: 2 })).rejects.toMatchObject({ kind: 'not-found', field: 'runId' });
  });
});
