import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';

const strangerTenantId = '0190a1b2-0000-7000-8000-000000000002';

describe.each(databaseModes)('retry and re-run (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
  });
  afterAll(() => test?.dispose());

  /** A run that ended as `status`: the executor's end state, written directly (no executor runs here). */
  async function endedRun(status: 'failed' | 'succeeded' | 'cancelled', options: { threadId?: string } = {}) {
    const { run } = await test.platform.runs.create(principal, { agentId, input: `task ending ${status}`, ...options });
    await test.platform.database.prisma.run.update({
      where: { id: run.id },
      data: { status, finishedAt: new Date(), ...(status === 'failed' ? { errorKind: 'model-unavailable', errorMessage: 'provider down' } : {}) },
    });
    return run;
  }

  it('retries a failed run as a new run on the same version, input and thread, linked and audit-logged; the failed run is left as it ended', async () => {
    const thread = await test.platform.threads.create(principal, { agentId, title: 'retry thread' });
    const failed = await endedRun('failed', { threadId: thread.id });
    const eventsBefore = await test.platform.database.prisma.runEvent.count({ where: { runId: failed.id } });

    const { run: retry, created } = await test.platform.runs.retry(principal, { runId: failed.id });

    expect(created).toBe(true);
    expect(retry).toMatchObject({ status: 'queued', agentVersionId: failed.agentVersionId, threadId: thread.id, input: failed.input, retryOfRunId: failed.id, rerunOfRunId: null });
    expect(retry.id).not.toBe(failed.id);
    expect(await test.platform.runs.get(principal, { runId: failed.id })).toMatchObject({ status: 'failed', error: { kind: 'model-unavailable' }, retriedByRunId: retry.id });
    expect(await test.platform.database.prisma.runEvent.count({ where: { runId: failed.id } })).toBe(eventsBefore);
    const createdEvent = await test.platform.database.prisma.runEvent.findFirstOrThrow({ where: { runId: retry.id, seq: 1 } });
    expect(createdEvent).toMatchObject({ type: 'run-created', payload: { retryOfRunId: failed.id } });
    const audit = await test.platform.audit.list(principal, { action: 'run.retry', targetId: retry.id });
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ actorId: principal.apiKeyId, after: { retryOfRunId: failed.id } });
  });

  it('makes one retry per run however often or concurrently it is asked (a double click is one run)', async () => {
    const failed = await endedRun('failed');
    const results = await Promise.all(Array.from({ length: 5 }, () => test.platform.runs.retry(principal, { runId: failed.id })));
    expect(new Set(results.map((result) => result.run.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await test.platform.database.prisma.run.count({ where: { retryOfRunId: failed.id } })).toBe(1);
    expect((await test.platform.runs.retry(principal, { runId: failed.id })).created).toBe(false);
  });

  it('retries cancelled runs too, but refuses runs that succeeded or are still going (conflict naming runId)', async () => {
    const cancelled = await endedRun('cancelled');
    expect((await test.platform.runs.retry(principal, { runId: cancelled.id })).run.retryOfRunId).toBe(cancelled.id);
    const succeeded = await endedRun('succeeded');
    await expect(test.platform.runs.retry(principal, { runId: succeeded.id })).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    const { run: queued } = await test.platform.runs.create(principal, { agentId, input: 'still queued' });
    await expect(test.platform.runs.retry(principal, { runId: queued.id })).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
  });

  it('re-runs any run on the same or another version as a new thread-less run, linked and audit-logged', async () => {
    const thread = await test.platform.threads.create(principal, { agentId, title: 'rerun thread' });
    const origin = await endedRun('succeeded', { threadId: thread.id });
    const latest = (await test.platform.agents.get(principal, { agentId })).latest!;
    const saved = await test.platform.agents.saveVersion(principal, { agentId, config: { ...latest.config, instructions: `${latest.config.instructions} Be brief.` } });

    const same = await test.platform.runs.rerun(principal, { runId: origin.id });
    expect(same).toMatchObject({ status: 'queued', agentVersionId: origin.agentVersionId, threadId: null, input: origin.input, rerunOfRunId: origin.id, retryOfRunId: null });

    const other = await test.platform.runs.rerun(principal, { runId: origin.id, agentVersion: saved.version.version });
    expect(other.agentVersionId).toBe(saved.version.id);
    expect(other).toMatchObject({ rerunOfRunId: origin.id, input: origin.input });
    const audit = await test.platform.audit.list(principal, { action: 'run.rerun', targetId: other.id });
    expect(audit.entries[0]).toMatchObject({ after: { rerunOfRunId: origin.id, agentVersion: saved.version.version } });

    await expect(test.platform.runs.rerun(principal, { runId: origin.id, agentVersion: 999 })).rejects.toMatchObject({ kind: 'not-found', field: 'agentVersion' });
  });

  it("hides another tenant's runs (not found) and names bad input", async () => {
    const failed = await endedRun('failed');
    const stranger: Principal = { ...principal, tenantId: strangerTenantId };
    await expect(test.platform.runs.retry(stranger, { runId: failed.id })).rejects.toMatchObject({ kind: 'not-found', field: 'runId' });
    await expect(test.platform.runs.rerun(stranger, { runId: failed.id })).rejects.toMatchObject({ kind: 'not-found', field: 'runId' });
    await expect(test.platform.runs.rerun(principal, { runId: 'nope' })).rejects.toMatchObject({ kind: 'validation', field: 'runId' });
    await expect(test.platform.runs.rerun(principal, { runId: failed.id, agentVersion: 0 })).rejects.toMatchObject({ kind: 'validation', field: 'agentVersion' });
  });
});
