import type { PrismaClient, RawSql } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import type { AgentRun, Engine, StepResult } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, ledgeredRunEngine, silentLogger, type TestPlatform } from '../../testing';
import { claimRuns, type ClaimedRun } from '../run-claims';
import { persistStep, type PersistStepOptions } from './persist-step';

const owner = 'final-step-test';

/** A driver that records every statement it is given. */
function countingStatements(inner: RawSql, seen: string[]): RawSql {
  return {
    query: (text, ...values) => (seen.push(text), inner.query(text, ...values)),
    execute: (text, ...values) => (seen.push(text), inner.execute(text, ...values)),
    ...(inner.prepared ? { prepared: (statement, values) => (seen.push(statement.text), inner.prepared!(statement, values)) } : {}),
  };
}

/** A payload without what differs between two runs of the same script: times, durations and the step's id. */
function withoutTimesAndIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimesAndIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/^(at|stepId)$|At$|Ms$/.test(key))
      .map(([key, inner]) => [key, withoutTimesAndIds(inner)]),
  );
}

/** A Prisma client that fails on first use: the general path (a Prisma transaction) did not run. */
const prismaNeverUsed = new Proxy({} as PrismaClient, {
  get: (_, property) => {
    throw new Error(`the general path ran (prisma.${String(property)})`);
  },
});

/**
 * A step that ends the run with its output commits in the ordinary step's one statement (ADR 0101), and ends
 * the run exactly as the general path would. A call left open sends it to the general path, which closes the call.
 */
describe.each(databaseModes)('a final step in one statement (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const engines: Engine[] = [];

  const prisma = () => test.platform.database.prisma;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'answerer',
      config: {
        builtinTools: ['record_citation'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [{ text: 'Citing.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/1' } }] }, { text: 'The answer.' }],
        },
      },
    });
    // Every run's end is delivered to this endpoint: the statement writes the outbox row as the general path does.
    await prisma().webhookEndpoint.create({
      data: { tenantId: principal.tenantId, url: 'https://example.org/hook', secret: 'x', eventTypes: ['run.completed'], enabled: true },
    });
  });

  afterAll(async () => {
    for (const engine of engines) await engine.close();
    await test?.dispose();
  });

  /** A claimed run whose first step (the tool call) is committed; its next step is the final answer. */
  async function runAtItsLastStep(): Promise<{ claimed: ClaimedRun; final: StepResult }> {
    const { run: created } = await test.platform.runs.create(principal, { agentId, input: 'Answer with a source.' });
    const [claimed] = await claimRuns(prisma(), owner, 1, 3_600_000);
    expect(claimed!.id).toBe(created.id);
    const engine = await ledgeredRunEngine(test.platform.database, claimed!, owner, agentId, test.platform.database.statements);
    engines.push(engine);
    const run: AgentRun = engine.start({ task: 'Answer with a source.', instanceId: claimed!.id });
    const first = await run.step();
    await persistStep(prisma(), claimed!, first, { owner, statements: test.platform.database.statements });
    const final = await run.step();
    expect(final.next.type).toBe('final-output');
    return { claimed: claimed!, final };
  }

  /** What the end of a run left: the run's columns, its events (without ids and times), outbox rows and usage. */
  async function endOf(runId: string) {
    const [run, events, deliveries] = await Promise.all([
      prisma().run.findUniqueOrThrow({
        where: { id: runId },
        select: { status: true, output: true, stepCount: true, modelCalls: true, toolCallCount: true, inputTokens: true, outputTokens: true, leaseOwner: true, leaseExpiresAt: true, episodePending: true, finishedAt: true, nextEventSeq: true },
      }),
      prisma().runEvent.findMany({ where: { runId }, select: { seq: true, type: true, payload: true }, orderBy: { seq: 'asc' } }),
      prisma().webhookDelivery.findMany({ where: { eventId: { startsWith: `${runId}:` } }, select: { eventType: true, eventId: true } }),
    ]);
    // The last step's events (after the first step's `step-committed`), without the run's own ids and times.
    const lastStep = events.slice(events.findIndex((event) => event.type === 'step-committed') + 1);
    return {
      run: { ...run, finishedAt: run.finishedAt !== null },
      events: lastStep.map(({ type, payload }) => ({ type, payload: withoutTimesAndIds(payload) })),
      seqs: events.map((event) => event.seq),
      deliveries,
    };
  }

  it('ends the run in the one statement, with the same rows, events and outbox as the general path', async () => {
    const one = await runAtItsLastStep();
    const seen: string[] = [];
    const committed = await persistStep(prismaNeverUsed, one.claimed, one.final, { owner, statements: countingStatements(test.platform.database.statements, seen) });
    expect(committed).toMatchObject({ finishedStatus: 'succeeded' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('agentloom_commit_step');

    // The same step of another run, through the general path (history sources, even none, take it there).
    const general = await runAtItsLastStep();
    const options: PersistStepOptions = { owner, statements: test.platform.database.statements, historySources: [] };
    await expect(persistStep(prisma(), general.claimed, general.final, options)).resolves.toMatchObject({ finishedStatus: 'succeeded' });

    const [oneStatement, generalPath] = await Promise.all([endOf(one.claimed.id), endOf(general.claimed.id)]);
    expect(oneStatement.run).toMatchObject({ status: 'succeeded', output: { text: 'The answer.' }, leaseOwner: null, leaseExpiresAt: null, episodePending: true, finishedAt: true, stepCount: 2 });
    expect(oneStatement.events.slice(-2).map((event) => event.type)).toEqual(['step-committed', 'run-finished']);
    expect(oneStatement.events.at(-1)?.payload).toEqual({ status: 'succeeded', output: 'The answer.' });
    expect(oneStatement.seqs).toEqual(oneStatement.seqs.map((_, index) => index + 1));
    expect(oneStatement.run.nextEventSeq).toBe(oneStatement.seqs.length + 1);
    expect(oneStatement.deliveries.map((delivery) => delivery.eventType)).toEqual(['run.completed']);
    expect(oneStatement.deliveries[0]!.eventId).toBe(`${one.claimed.id}:${oneStatement.seqs.at(-1)}`);
    expect(oneStatement.run).toEqual(generalPath.run);
    expect(oneStatement.events).toEqual(generalPath.events);
    expect(oneStatement.deliveries.map((delivery) => delivery.eventType)).toEqual(generalPath.deliveries.map((delivery) => delivery.eventType));
  });

  it('leaves a run with a call still open to the general path, which closes the call before the run ends', async () => {
    const { claimed, final } = await runAtItsLastStep();
    // A call an earlier attempt started and never ended: its outcome is unknown, and the end must say so.
    await prisma().toolCall.create({
      data: {
        tenantId: claimed.tenantId,
        runId: claimed.id,
        callId: 'left-open',
        name: 'record_citation',
        implementationId: 'builtin:record_citation',
        sideEffects: 'none',
        arguments: {},
        idempotencyKey: `${claimed.id}:left-open`,
        status: 'running',
      },
    });
    const seen: string[] = [];
    await expect(persistStep(prisma(), claimed, final, { owner, statements: countingStatements(test.platform.database.statements, seen) })).resolves.toMatchObject({
      finishedStatus: 'succeeded',
    });
    // The statement declined (it wrote nothing); the general path, in a transaction of its own, closed the call.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('agentloom_commit_step');
    const end = await endOf(claimed.id);
    expect(end.run).toMatchObject({ status: 'succeeded', stepCount: 2 });
    expect(end.events.slice(-3).map((event) => event.type)).toEqual(['step-committed', 'tool-call-abandoned', 'run-finished']);
    expect(end.seqs).toEqual(end.seqs.map((_, index) => index + 1));
    expect(await prisma().toolCall.findUniqueOrThrow({ where: { runId_callId: { runId: claimed.id, callId: 'left-open' } }, select: { status: true } })).toEqual({ status: 'abandoned' });
  });

  it('writes nothing for a run whose lease is gone, and says so', async () => {
    const { claimed, final } = await runAtItsLastStep();
    await prisma().run.update({ where: { id: claimed.id }, data: { leaseOwner: 'someone-else' } });
    const before = await endOf(claimed.id);
    await expect(persistStep(prismaNeverUsed, claimed, final, { owner, statements: test.platform.database.statements })).rejects.toThrow(/lease/i);
    expect(await endOf(claimed.id)).toEqual(before);
  });
});
