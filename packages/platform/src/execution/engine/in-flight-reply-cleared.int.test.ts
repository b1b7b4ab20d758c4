import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { erasedContent } from '../../erase/erased-content';
import { redactReaderCheckpoints } from '../../erase/redact-checkpoints';
import { restartRunningReaders } from '../../erase/restart-running-readers';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

/**
 * A stored in-flight reply (ADR 0085) lives only while its step is unfinished: a step commit or the run's
 * end drops it (trigger `runs_clear_in_flight_reply`), a claim or a give-back keeps it, and an erase keeps
 * it on the readers it restarts (so their unsafe call in flight is found, not run again), its text redacted
 * where it quotes the erased content.
 */
describe.each(databaseModes)('when a stored in-flight reply goes away (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const reply = {
    step: 2,
    response: {
      text: 'Charging the card ending 4242.',
      toolCalls: [{ id: 'call_a', name: 'charge', argumentsJson: '{}' }],
      usage: { inputTokens: 1, outputTokens: 1 },
      model: 'm',
      finishReason: 'tool-calls',
    },
  };

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'reply-keeper',
      config: { builtinTools: [], demoScript: { replies: [{ text: 'Done.' }] } },
    });
  });
  afterAll(() => test?.dispose());

  /** A run as an executor holding it would leave it: running, one step committed, a reply stored for step 2. */
  const runWithReply = async (status: 'running' | 'queued' = 'running') => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'charge' });
    await test.platform.database.prisma.run.update({ where: { id: run.id }, data: { status, stepCount: 1, attempt: 1, inFlightReply: reply } });
    return run.id;
  };
  const replyOf = async (runId: string) =>
    (await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { inFlightReply: true } })).inFlightReply;

  it('stays through a give-back and a claim, and goes with the step commit', async () => {
    const { prisma } = test.platform.database;
    const runId = await runWithReply();
    await prisma.run.update({ where: { id: runId }, data: { status: 'queued', leaseOwner: null } });
    await prisma.run.update({ where: { id: runId }, data: { status: 'running', leaseOwner: 'next' } });
    expect(await replyOf(runId)).toEqual(reply);

    await prisma.run.update({ where: { id: runId }, data: { stepCount: { increment: 1 } } });
    expect(await replyOf(runId)).toBeNull();
  });

  it.each(['succeeded', 'failed', 'cancelled'] as const)('goes when the run ends %s without a step', async (status) => {
    const runId = await runWithReply();
    await test.platform.database.prisma.run.update({ where: { id: runId }, data: { status } });
    expect(await replyOf(runId)).toBeNull();
  });

  it('stays on every reader an erase restarts or finds queued, with its calls, and only its quoting text is redacted', async () => {
    const { prisma } = test.platform.database;
    const [running, queued, bystander] = [await runWithReply('running'), await runWithReply('queued'), await runWithReply('running')];

    const { restarted, redacted } = await prisma.$transaction(async (transaction) => ({
      restarted: await restartRunningReaders(transaction, principal.tenantId, [running, queued]),
      // A forgotten fact the reply quotes ("card ending 4242"), and one that spells a call's name ("charge").
      redacted: await redactReaderCheckpoints(transaction, principal.tenantId, [running, queued], { ids: ['item-1'], texts: ['card ending 4242', 'charge'] }),
    }));

    expect(restarted).toBe(1);
    expect(redacted).toEqual({ checkpointIds: [], inFlightReplies: 2 });
    const redactedReply = { ...reply, response: { ...reply.response, text: erasedContent } };
    expect(await prisma.run.findUniqueOrThrow({ where: { id: running }, select: { status: true, attempt: true, inFlightReply: true } })).toEqual({
      status: 'queued',
      attempt: 2,
      inFlightReply: redactedReply,
    });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: queued }, select: { status: true, attempt: true, inFlightReply: true } })).toEqual({
      status: 'queued',
      attempt: 1,
      inFlightReply: redactedReply,
    });
    expect(await replyOf(bystander)).toEqual(reply);
  });
});
