import { withTransactionStatements } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import { queueReplayRunsStatement, type ReplayRunsToQueue } from './queue-replay-runs-sql';

/** Inputs by class: quotes and backslashes, JSON and SQL lookalikes, non-BMP and combining characters, a replacement character, a large text. */
const inputs = ['plain', `quote " and ' and \\ backslash`, '{"text": "not json"}', "'); DROP TABLE runs; --", 'emoji 😀 and e\u0301', 'replacement \uFFFD', 'x'.repeat(100_000)];

/**
 * The experiment's replay runs queued in one statement (ADR 0088) write what the three `createMany`
 * calls wrote before, held against those calls as they were, and nothing when any row fails.
 */
describe.each(databaseModes)('queueReplayRunsStatement (%s)', (mode) => {
  let test: TestPlatform;
  let target: Omit<ReplayRunsToQueue, 'experimentId'>;
  let datasetId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'queued', config: { instructions: 'Queue.', demoScript: { replies: [{ text: 'ok' }] } } });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId }, select: { id: true, version: true } });
    const dataset = await prisma.evalDataset.create({ data: { tenantId: principal.tenantId, name: 'queue-parity' }, select: { id: true } });
    datasetId = dataset.id;
    const cases = [];
    for (const [position, input] of inputs.entries()) {
      cases.push(await prisma.evalCase.create({ data: { tenantId: principal.tenantId, datasetId, position, addedInVersion: 1, input }, select: { id: true, input: true } }));
    }
    target = { tenantId: principal.tenantId, agentId, agentVersionId: version.id, agentVersion: version.version, cases };
  });

  afterAll(async () => {
    await test?.dispose();
  });

  async function experiment(): Promise<string> {
    const created = await test.platform.database.prisma.evalExperiment.create({
      data: { tenantId: target.tenantId, datasetId, datasetVersion: 1, agentVersionId: target.agentVersionId, agentVersion: target.agentVersion, modelMode: 'recorded' },
      select: { id: true },
    });
    return created.id;
  }

  /** The rows as the three createMany calls wrote them before this statement (start-experiment, ADR 0059). */
  async function queueWithCreateMany(experimentId: string): Promise<void> {
    await test.platform.database.prisma.$transaction(async (transaction) => {
      const replays = target.cases.map((testCase) => ({ runId: uuidv7(), testCase }));
      await transaction.run.createMany({
        data: replays.map(({ runId, testCase }) => ({ id: runId, tenantId: target.tenantId, agentId: target.agentId, agentVersionId: target.agentVersionId, status: 'queued' as const, input: { text: testCase.input }, nextEventSeq: 2 })),
      });
      await transaction.runEvent.createMany({
        data: replays.map(({ runId, testCase }) => ({
          tenantId: target.tenantId,
          runId,
          seq: 1,
          type: 'run-created',
          payload: { agentId: target.agentId, agentVersion: target.agentVersion, threadId: null, input: testCase.input, replayOf: { experimentId, caseId: testCase.id } },
        })),
      });
      await transaction.evalResult.createMany({ data: replays.map(({ runId, testCase }) => ({ tenantId: target.tenantId, experimentId, caseId: testCase.id, runId })) });
    });
  }

  /** What an experiment's queued rows hold, without ids and instants, in case order. */
  async function rowsOf(experimentId: string) {
    const results = await test.platform.database.prisma.evalResult.findMany({
      where: { experimentId },
      select: {
        tenantId: true,
        caseId: true,
        status: true,
        scores: true,
        deltas: true,
        regression: true,
        firstDivergentCall: true,
        scoredAt: true,
        case: { select: { position: true } },
        run: {
          select: {
            tenantId: true,
            agentId: true,
            agentVersionId: true,
            threadId: true,
            status: true,
            input: true,
            attempt: true,
            maxAttempts: true,
            nextEventSeq: true,
            stepCount: true,
            costUsd: true,
            leaseOwner: true,
            episodePending: true,
            updatedAt: true,
            events: { select: { tenantId: true, seq: true, type: true, payload: true } },
          },
        },
      },
    });
    return results
      .sort((left, right) => left.case.position - right.case.position)
      .map(({ run, ...result }) => {
        const payload = run.events[0]?.payload as { replayOf?: { experimentId?: string } } | undefined;
        expect(payload?.replayOf?.experimentId).toBe(experimentId);
        expect(run.updatedAt).toBeInstanceOf(Date);
        return { ...result, run: { ...run, costUsd: String(run.costUsd), updatedAt: 'set', events: run.events.map((event) => ({ ...event, payload: { ...(event.payload as object), replayOf: { ...payload!.replayOf, experimentId: 'the experiment' } } })) } };
      });
  }

  it('writes the rows the createMany calls wrote, for every input class', async () => {
    const [byStatement, byCreateMany] = [await experiment(), await experiment()];
    const runIds = await withTransactionStatements(test.platform.database.prisma, (_transaction, statements) => queueReplayRunsStatement(statements, { ...target, experimentId: byStatement }));
    await queueWithCreateMany(byCreateMany);
    const queued = await rowsOf(byStatement);
    expect(queued).toHaveLength(inputs.length);
    expect(queued.map((row) => (row.run.input as { text: string }).text)).toEqual(inputs);
    expect(queued).toEqual(await rowsOf(byCreateMany));
    const ordered = await test.platform.database.prisma.evalResult.findMany({ where: { experimentId: byStatement }, select: { runId: true, case: { select: { position: true } } } });
    expect(runIds).toEqual(ordered.sort((left, right) => left.case.position - right.case.position).map((row) => row.runId));
  });

  it('writes nothing when one row fails', async () => {
    const experimentId = await experiment();
    const cases = [...target.cases, { id: uuidv7(), input: 'a case that does not exist' }];
    await expect(
      withTransactionStatements(test.platform.database.prisma, (_transaction, statements) => queueReplayRunsStatement(statements, { ...target, cases, experimentId })),
    ).rejects.toThrow();
    const { prisma } = test.platform.database;
    expect(await prisma.evalResult.count({ where: { experimentId } })).toBe(0);
    const queuedRuns = await prisma.run.count({ where: { agentId: target.agentId } });
    const events = await prisma.runEvent.count({ where: { run: { agentId: target.agentId } } });
    expect(events).toBe(queuedRuns);
  });
});
