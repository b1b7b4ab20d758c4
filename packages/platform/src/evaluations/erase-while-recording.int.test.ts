import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { scanForContent } from '../memory/testing/scan-for-content';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform, holdRowLock, sessionsWaitingOnLocks } from '../testing';

/**
 * An erase deletes the dataset cases of the erased run and of every run that read it (ADR 0104). Found
 * by the replay audit: a case of a reader being recorded while the run it read was erased read the
 * reader's messages before the erase redacted them and committed after the erase looked for cases, so
 * the copy survived. Recording now takes the erase fence (ADR 0040).
 *
 * Server only. A third transaction holds the reader's run row, so the recording waits at its insert
 * (the foreign-key check) after its reads; the erase is started then.
 */
describe('an erase of a run while a reader of it is recorded into a dataset (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger, { executor: { pollMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'talker',
      config: { instructions: 'Chat.', completion: { verify: false, requireToolEvidence: false }, demoScript: { replies: [{ text: 'Noted.' }] } },
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;
  const lockWaiters = () => sessionsWaitingOnLocks(test.platform.database);

  it('leaves no copy of the erased run in the case: the erase waits for the recording and deletes the case', async () => {
    const { prisma } = test.platform.database;
    const marker = `passport-${randomUUID()}`;
    const thread = await test.platform.threads.create(principal, { agentId });
    const { run: first } = await test.platform.runs.create(principal, { agentId, threadId: thread.id, input: `My passport number is ${marker}` });
    await expect.poll(() => statusOf(first.id), { timeout: 60_000 }).toBe('succeeded');
    const { run: second } = await test.platform.runs.create(principal, { agentId, threadId: thread.id, input: 'second task' });
    await expect.poll(() => statusOf(second.id), { timeout: 60_000 }).toBe('succeeded');
    expect(await prisma.message.count({ where: { runId: second.id, kind: 'thread_history', content: { contains: marker } } })).toBe(1);
    await test.platform.datasets.create(principal, { name: 'race' });

    const holder = await holdRowLock(test.platform.database, 'SELECT id FROM runs WHERE id = $1::uuid FOR UPDATE', second.id);
    // Recording the reader: reads its transcript (with the copied turn), then waits at its insert.
    const recording = test.platform.datasets.addRuns(principal, { name: 'race', runIds: [second.id] }).then(
      () => 'recorded',
      (error: unknown) => error,
    );
    await expect.poll(lockWaiters, { timeout: 60_000 }).toBe(1);
    // The erase of the first run starts meanwhile: it waits for the recording.
    const erase = test.platform.erase.eraseRun(principal, { runId: first.id });
    await expect.poll(lockWaiters, { timeout: 60_000 }).toBe(2);
    holder.release();
    await holder.done;
    expect(await recording).toBe('recorded');
    const receipt = await erase;
    expect(receipt.counts['eval_cases']).toBe(1);
    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
  });
});
