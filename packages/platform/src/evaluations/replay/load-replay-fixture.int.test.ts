import { withTransactionStatements } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestAgent, createTestPlatform, type TestPlatform } from '../../testing';
import { parseCaseFixture } from '../case-fixture';
import { queueReplayRunsStatement } from '../queue-replay-runs-sql';
import { loadReplayFixture } from './load-replay-fixture';

/**
 * The replay fixture read in one statement gives what the nested Prisma read gave (held against that
 * read as it was): the case's columns, the experiment's mode, scorers and baseline, the dataset's
 * policy, and the recording's time — the source run's creation, or the case's when it has none.
 */
describe.each(databaseModes)('loadReplayFixture (%s)', (mode) => {
  let test: TestPlatform;
  let replayRunIds: string[];
  let sourceRunCreatedAt: Date;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'fixtures', config: { instructions: 'Fix.', demoScript: { replies: [{ text: 'ok' }] } } });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId }, select: { id: true, version: true } });
    const sourceRun = await prisma.run.create({
      data: { tenantId: principal.tenantId, agentId, agentVersionId: version.id, status: 'succeeded', input: { text: 'recorded' }, createdAt: new Date('2026-01-02T03:04:05.678Z') },
      select: { id: true, createdAt: true },
    });
    sourceRunCreatedAt = sourceRun.createdAt;
    const dataset = await prisma.evalDataset.create({ data: { tenantId: principal.tenantId, name: 'fixtures', unmatchedToolPolicy: 'live-if-no-side-effects' }, select: { id: true } });
    const recorded = await prisma.evalCase.create({
      data: {
        tenantId: principal.tenantId,
        datasetId: dataset.id,
        position: 0,
        addedInVersion: 1,
        sourceRunId: sourceRun.id,
        input: 'recorded "case" \\ 😀',
        threadContext: [{ role: 'user', content: 'earlier' }],
        toolResults: [{ name: 'lookup', arguments: { id: 'A1' }, content: 'paid' }],
        transcript: [{ role: 'assistant', content: 'done' }],
        recordedMetrics: { steps: 2, inputTokens: 7, outputTokens: 3, costUsd: 0.01, latencyMs: 5, toolCalls: 1 },
        finalOutput: 'done',
        expectedOutput: 'done',
      },
      select: { id: true, input: true },
    });
    const handWritten = await prisma.evalCase.create({ data: { tenantId: principal.tenantId, datasetId: dataset.id, position: 1, addedInVersion: 1, input: 'by hand' }, select: { id: true, input: true } });
    const experiment = await prisma.evalExperiment.create({
      data: { tenantId: principal.tenantId, datasetId: dataset.id, datasetVersion: 1, agentVersionId: version.id, agentVersion: version.version, modelMode: 'recorded', scorers: [{ type: 'exact' }] },
      select: { id: true },
    });
    replayRunIds = await withTransactionStatements(prisma, (_transaction, statements) =>
      queueReplayRunsStatement(statements, { tenantId: principal.tenantId, agentId, agentVersionId: version.id, agentVersion: version.version, experimentId: experiment.id, cases: [recorded, handWritten] }),
    );
  });

  afterAll(async () => {
    await test?.dispose();
  });

  /** The fixture as the nested Prisma read built it before the one statement. */
  async function fixtureByPrisma(runId: string) {
    const result = await test.platform.database.prisma.evalResult.findUniqueOrThrow({
      where: { runId },
      select: {
        id: true,
        experimentId: true,
        experiment: { select: { modelMode: true, memoryMode: true, scorers: true, baselineExperimentId: true } },
        case: {
          select: {
            id: true,
            createdAt: true,
            input: true,
            threadContext: true,
            memoryInjections: true,
            toolResults: true,
            transcript: true,
            recordedMetrics: true,
            finalOutput: true,
            expectedOutput: true,
            dataset: { select: { unmatchedToolPolicy: true } },
            sourceRun: { select: { createdAt: true } },
          },
        },
      },
    });
    return {
      experimentId: result.experimentId,
      resultId: result.id,
      scoring: { scorers: result.experiment.scorers, baselineExperimentId: result.experiment.baselineExperimentId },
      caseId: result.case.id,
      fixture: parseCaseFixture(result.case),
      policy: result.case.dataset.unmatchedToolPolicy,
      modelMode: result.experiment.modelMode,
      memoryMode: result.experiment.memoryMode,
      recordedAt: result.case.sourceRun?.createdAt ?? result.case.createdAt,
      consumed: new Map(),
    };
  }

  it('reads what the nested Prisma read did, with the source run as the recording time', async () => {
    const fixture = await loadReplayFixture(test.platform.database, replayRunIds[0]!, { resumed: false });
    expect(fixture).toEqual(await fixtureByPrisma(replayRunIds[0]!));
    expect(fixture!.recordedAt).toEqual(sourceRunCreatedAt);
    expect(fixture!.fixture.input).toBe('recorded "case" \\ 😀');
  });

  it("takes the case's own creation as the recording time of a hand-written case", async () => {
    const fixture = await loadReplayFixture(test.platform.database, replayRunIds[1]!, { resumed: false });
    expect(fixture).toEqual(await fixtureByPrisma(replayRunIds[1]!));
    expect(fixture!.recordedAt).not.toEqual(sourceRunCreatedAt);
  });

  it('finds no fixture for a run that is not a replay', async () => {
    const other = await test.platform.database.prisma.run.findFirstOrThrow({ where: { status: 'succeeded' }, select: { id: true } });
    expect(await loadReplayFixture(test.platform.database, other.id, { resumed: false })).toBeUndefined();
  });
});
