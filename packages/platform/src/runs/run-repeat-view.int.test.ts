import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import type { RunView } from './run-view';

const allowed = { allowed: true, refusedBy: null, reason: null };

/**
 * The run view says what the server would do with a retry, re-run or fork of the run (`repeat`), so
 * the console offers no button the server refuses. Each refusal is checked against the server: asked
 * anyway, it refuses with the view's reason.
 */
describe.each(databaseModes)('what the run view says a repeat allows (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  /** An agent of its own, so archiving it touches no other test. */
  async function newAgent(): Promise<string> {
    const slug = `repeat-${randomUUID().slice(0, 8)}`;
    return createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug, config: { instructions: 'Help.' } });
  }

  /** A run that ended as `status`: the executor's end state, written directly (no executor runs here). */
  async function endedRun(agentId: string, status: 'failed' | 'succeeded' | 'cancelled', threadId?: string): Promise<RunView> {
    const { run } = await test.platform.runs.create(principal, { agentId, input: `task ending ${status}`, ...(threadId ? { threadId } : {}) });
    await test.platform.database.prisma.run.update({ where: { id: run.id }, data: { status, finishedAt: new Date() } });
    return test.platform.runs.get(principal, { runId: run.id });
  }

  /** The view as a run page (get) and a runs list read it: both must say the same. */
  async function repeatOf(run: RunView): Promise<RunView['repeat']> {
    const read = await test.platform.runs.get(principal, { runId: run.id });
    const listed = await test.platform.runs.list(principal, { agentId: run.agentId, limit: 50 });
    expect(listed.runs.find((candidate) => candidate.id === run.id)?.repeat).toEqual(read.repeat);
    return read.repeat;
  }

  it('allows what the status allows for a run of an active agent: retry only once it failed or was cancelled, fork once it stopped moving', async () => {
    const agentId = await newAgent();
    const failed = await endedRun(agentId, 'failed');
    expect(await repeatOf(failed)).toEqual({ retry: allowed, rerun: allowed, fork: allowed });
    const succeeded = await endedRun(agentId, 'succeeded');
    expect(await repeatOf(succeeded)).toMatchObject({ retry: { allowed: false, refusedBy: 'status' }, rerun: allowed, fork: allowed });
    await expect(test.platform.runs.retry(principal, { runId: succeeded.id })).rejects.toMatchObject({
      kind: 'conflict',
      message: succeeded.repeat.retry.reason,
    });
    const { run: queued } = await test.platform.runs.create(principal, { agentId, input: 'still queued' });
    expect(queued.repeat).toMatchObject({ retry: { refusedBy: 'status' }, rerun: allowed, fork: { allowed: false, refusedBy: 'status' } });
    expect(await repeatOf(queued)).toEqual(queued.repeat);
  });

  it('refuses every repeat of a replay of a dataset case, as the server does', async () => {
    const agentId = await newAgent();
    const { prisma } = test.platform.database;
    const replay = await endedRun(agentId, 'failed');
    const dataset = await prisma.evalDataset.create({ data: { tenantId: principal.tenantId, name: `repeat-${randomUUID().slice(0, 8)}` } });
    const evalCase = await prisma.evalCase.create({
      data: { tenantId: principal.tenantId, datasetId: dataset.id, position: 1, addedInVersion: 1, input: 'task' },
    });
    const experiment = await prisma.evalExperiment.create({
      data: {
        tenantId: principal.tenantId,
        datasetId: dataset.id,
        datasetVersion: 1,
        agentVersionId: replay.agentVersionId,
        agentVersion: 1,
        modelMode: 'recorded',
      },
    });
    await prisma.evalResult.create({ data: { tenantId: principal.tenantId, experimentId: experiment.id, caseId: evalCase.id, runId: replay.id } });

    const repeat = await repeatOf(replay);
    const reason = `Run ${replay.id} replays a dataset case in experiment ${experiment.id}; run the experiment again instead`;
    const refused = { allowed: false, refusedBy: 'replay', reason };
    expect(repeat).toEqual({ retry: refused, rerun: refused, fork: refused });
    await expect(test.platform.runs.retry(principal, { runId: replay.id })).rejects.toMatchObject({ kind: 'conflict', field: 'runId', message: reason });
    await expect(test.platform.runs.rerun(principal, { runId: replay.id })).rejects.toMatchObject({ kind: 'conflict', field: 'runId', message: reason });
    await expect(test.platform.runs.fork(principal, { runId: replay.id, stepIndex: 1 })).rejects.toMatchObject({
      kind: 'conflict',
      field: 'runId',
      message: reason,
    });
  });

  it('refuses the retry of a run whose thread was archived (for good) without advising an unarchive, and still allows a re-run', async () => {
    const agentId = await newAgent();
    const thread = await test.platform.threads.create(principal, { agentId, title: 'archived later' });
    const cancelled = await endedRun(agentId, 'cancelled', thread.id);
    expect(cancelled.repeat.retry).toEqual(allowed);
    await test.platform.threads.archive(principal, { threadId: thread.id });

    const repeat = await repeatOf(cancelled);
    expect(repeat).toMatchObject({ retry: { allowed: false, refusedBy: 'archived-thread' }, rerun: allowed, fork: allowed });
    expect(repeat.retry.reason).toContain(`Thread ${thread.id} is archived`);
    // Archiving a thread is one-way: nothing can unarchive it, so the reason must not send anyone to.
    expect(repeat.retry.reason).not.toMatch(/unarchive/i);
    await expect(test.platform.runs.retry(principal, { runId: cancelled.id })).rejects.toMatchObject({
      kind: 'validation',
      field: 'runId',
      message: repeat.retry.reason,
    });
    expect(await test.platform.runs.rerun(principal, { runId: cancelled.id })).toMatchObject({ rerunOfRunId: cancelled.id, threadId: null });
  });

  it('refuses every repeat of a run of an archived agent until the agent is unarchived', async () => {
    const agentId = await newAgent();
    const cancelled = await endedRun(agentId, 'cancelled');
    await test.platform.agents.archive(principal, { agentId });

    const reason = `Agent ${agentId} is archived; unarchive it to run it again`;
    const refused = { allowed: false, refusedBy: 'archived-agent', reason };
    expect(await repeatOf(cancelled)).toEqual({ retry: refused, rerun: refused, fork: refused });
    await expect(test.platform.runs.retry(principal, { runId: cancelled.id })).rejects.toMatchObject({ kind: 'validation', field: 'runId', message: reason });
    await expect(test.platform.runs.rerun(principal, { runId: cancelled.id })).rejects.toMatchObject({ kind: 'validation', field: 'runId', message: reason });
    await expect(test.platform.runs.fork(principal, { runId: cancelled.id, stepIndex: 1 })).rejects.toMatchObject({
      kind: 'validation',
      field: 'runId',
      message: reason,
    });

    await test.platform.agents.unarchive(principal, { agentId });
    expect(await repeatOf(cancelled)).toEqual({ retry: allowed, rerun: allowed, fork: allowed });
  });
});
