import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createAndClaimRuns, createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { finishRun, type RunOutcome } from './finish-run';

/**
 * Finishes requested in one event-loop turn on `Database.statements` share one statement (ADR 0069).
 * Each run keeps its own fence, events and outcome; a shared statement that fails is retried run by
 * run, so one run's bad data never fails another's finish.
 */
describe.each(databaseModes)('finishes sharing one statement (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'finish-batch', config: { tools: [] } });
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;
  const statements = () => test.platform.database.statements;
  const claimQueued = (count: number, owner: string) => createAndClaimRuns(test.platform, principal, { agentId, owner, count });
  const eventsOf = async (runId: string) =>
    (await prisma().runEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' } })).map((event) => [event.seq, event.type, event.payload]);

  it('fences each run on its own: runs whose fence holds finish, the others are left as they were', async () => {
    const [kept, lost, cancelled, other] = await claimQueued(4, 'batcher');
    await prisma().run.update({ where: { id: cancelled!.id }, data: { cancelRequestedAt: new Date() } });
    // All four in the same turn: one statement.
    const results = await Promise.all([
      finishRun(statements(), kept!, 'batcher', { status: 'succeeded', output: { text: 'kept' } }, { eventsBefore: [{ type: 'note', payload: { before: true } }] }),
      finishRun(statements(), lost!, 'someone-else', { status: 'succeeded' }),
      finishRun(statements(), cancelled!, 'batcher', { status: 'succeeded' }),
      finishRun(statements(), other!, 'batcher', { status: 'failed', error: { kind: 'model', message: 'boom' } }),
    ]);
    expect(results).toEqual([true, false, false, true]);

    expect(await prisma().run.findUniqueOrThrow({ where: { id: kept!.id } })).toMatchObject({ status: 'succeeded', output: { text: 'kept' }, leaseOwner: null });
    expect(await eventsOf(kept!.id)).toEqual([
      [1, 'run-created', expect.anything()],
      [2, 'run-started', expect.anything()],
      [3, 'note', { before: true }],
      [4, 'run-finished', { status: 'succeeded', output: { text: 'kept' } }],
    ]);
    expect(await prisma().run.findUniqueOrThrow({ where: { id: other!.id } })).toMatchObject({ status: 'failed', errorKind: 'model', errorMessage: 'boom', output: null });
    expect((await eventsOf(other!.id)).at(-1)).toEqual([3, 'run-finished', { status: 'failed', errorKind: 'model', message: 'boom' }]);
    for (const untouched of [lost!, cancelled!]) {
      expect(await prisma().run.findUniqueOrThrow({ where: { id: untouched.id } })).toMatchObject({ status: 'running', leaseOwner: 'batcher', nextEventSeq: 3 });
      expect((await eventsOf(untouched.id)).map(([, type]) => type)).toEqual(['run-created', 'run-started']);
    }
  });

  it('a shared statement that fails is retried run by run: only the run with bad data fails', async () => {
    const [good, bad] = await claimQueued(2, 'retrier');
    // A status the database rejects makes the whole shared statement fail.
    const badOutcome = { status: 'no-such-status' } as unknown as RunOutcome;
    const [goodResult, badResult] = await Promise.allSettled([
      finishRun(statements(), good!, 'retrier', { status: 'succeeded' }),
      finishRun(statements(), bad!, 'retrier', badOutcome),
    ]);
    expect(goodResult).toEqual({ status: 'fulfilled', value: true });
    expect(badResult.status).toBe('rejected');
    expect(await prisma().run.findUniqueOrThrow({ where: { id: good!.id } })).toMatchObject({ status: 'succeeded' });
    expect(await prisma().run.findUniqueOrThrow({ where: { id: bad!.id } })).toMatchObject({ status: 'running', nextEventSeq: 3 });
  });

  it('the same run finished twice in one turn is finished once; the second call is answered by its own statement', async () => {
    const [run] = await claimQueued(1, 'twice');
    const results = await Promise.all([
      finishRun(statements(), run!, 'twice', { status: 'succeeded' }),
      finishRun(statements(), run!, 'twice', { status: 'succeeded' }),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect((await eventsOf(run!.id)).filter(([, type]) => type === 'run-finished')).toHaveLength(1);
  });
});
