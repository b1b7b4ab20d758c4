import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { appendRunEvents } from '../events/append-run-events';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { finishRun } from './finish-run';
import { claimRuns } from './run-claims';

/**
 * The run's hot-path transitions are single SQL statements (ADR 0014). Each keeps the guarantee the
 * multi-statement transaction it replaced had; these tests pin them on both database modes.
 */
describe.each(databaseModes)('single-statement run transitions (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'transitions', config: { tools: [] } });
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;
  /** The driver path executors use (no Prisma client); the Prisma path runs the same SQL. */
  const statements = () => test.platform.database.statements;
  const queue = async (count: number) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) ids.push((await test.platform.runs.create(principal, { agentId, input: `run ${index}` })).run.id);
    return ids;
  };
  /** Claims everything still queued, so each test starts with an empty queue. */
  const drainQueue = () => claimRuns(statements(), 'drain', 1_000, 60_000);

  it('create writes the run, its run-created event and audit record, or nothing when a check fails', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'hello' });
    expect(run).toMatchObject({ agentId, status: 'queued', threadId: null, threadTitle: null, attempt: 0, input: { text: 'hello' } });
    const events = await prisma().runEvent.findMany({ where: { runId: run.id } });
    expect(events.map((event) => [event.seq, event.type, event.payload])).toEqual([
      [1, 'run-created', { agentId, agentVersion: 1, threadId: null, input: 'hello' }],
    ]);
    expect(await prisma().auditLog.count({ where: { targetId: run.id, action: 'run.create' } })).toBe(1);

    const thread = await prisma().thread.create({ data: { tenantId: principal.tenantId, agentId, title: 'Archived' }, select: { id: true } });
    await prisma().thread.update({ where: { id: thread.id }, data: { archivedAt: new Date() } });
    const before = await prisma().run.count();
    await expect(test.platform.runs.create(principal, { agentId, threadId: thread.id, input: 'x' })).rejects.toMatchObject({ kind: 'validation', field: 'threadId' });
    await expect(test.platform.runs.create(principal, { agentId, agentVersion: 9, input: 'x' })).rejects.toMatchObject({ kind: 'not-found', field: 'agentVersion' });
    await expect(test.platform.runs.create(principal, { agentId: crypto.randomUUID(), input: 'x' })).rejects.toMatchObject({ kind: 'not-found', field: 'agentId' });
    expect(await prisma().run.count()).toBe(before);
    await drainQueue();
  });

  it('two claimers never take the same run, and each claimed run gets exactly one run-started event', async () => {
    const ids = await queue(12);
    const [first, second] = await Promise.all([claimRuns(statements(), 'claimer-a', 12, 60_000), claimRuns(statements(), 'claimer-b', 12, 60_000)]);
    const claimed = [...first, ...second].map((run) => run.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    const started = await prisma().runEvent.groupBy({ by: ['runId'], where: { runId: { in: ids }, type: 'run-started' }, _count: true });
    expect(started.map((row) => row._count)).toEqual(ids.map(() => 1));
  });

  it('a claim takes at most `limit` runs and skips a queued run whose cancel has committed', async () => {
    const [cancelled, ...rest] = await queue(3);
    await prisma().run.update({ where: { id: cancelled }, data: { cancelRequestedAt: new Date() } });
    const claimed = await claimRuns(statements(), 'limited', 1, 60_000);
    expect(claimed.map((run) => run.id)).toEqual([rest[0]]);
    expect((await claimRuns(statements(), 'limited', 8, 60_000)).map((run) => run.id)).toEqual([rest[1]]);
    expect(await prisma().run.findUniqueOrThrow({ where: { id: cancelled! } })).toMatchObject({ status: 'queued', leaseOwner: null });
    await prisma().run.update({ where: { id: cancelled }, data: { status: 'cancelled' } });
  });

  it('finish on a lost lease, a stale attempt or a committed cancel writes nothing; the holder finishes in one statement', async () => {
    const [id] = await queue(1);
    const [run] = await claimRuns(statements(), 'holder', 1, 60_000);
    expect(run!.id).toBe(id);
    const snapshot = () => prisma().run.findUniqueOrThrow({ where: { id: id! }, select: { status: true, nextEventSeq: true, leaseOwner: true } });
    const before = await snapshot();

    expect(await finishRun(statements(), run!, 'someone-else', { status: 'succeeded' })).toBe(false);
    expect(await finishRun(statements(), { ...run!, attempt: run!.attempt + 1 }, 'holder', { status: 'succeeded' })).toBe(false);
    expect(await snapshot()).toEqual(before);
    expect(await prisma().runEvent.count({ where: { runId: id!, type: 'run-finished' } })).toBe(0);

    expect(await finishRun(statements(), run!, 'holder', { status: 'succeeded', output: { text: 'done' } })).toBe(true);
    expect(await snapshot()).toEqual({ status: 'succeeded', nextEventSeq: before.nextEventSeq + 1, leaseOwner: null });
    const finished = await prisma().runEvent.findFirstOrThrow({ where: { runId: id!, type: 'run-finished' } });
    expect(finished).toMatchObject({ seq: before.nextEventSeq, payload: { status: 'succeeded', output: { text: 'done' } } });
    expect(await finishRun(statements(), run!, 'holder', { status: 'succeeded' })).toBe(false);

    const [cancelledId] = await queue(1);
    const [cancelled] = await claimRuns(statements(), 'holder', 1, 60_000);
    expect(cancelled!.id).toBe(cancelledId);
    await prisma().run.update({ where: { id: cancelledId! }, data: { cancelRequestedAt: new Date() } });
    expect(await finishRun(statements(), cancelled!, 'holder', { status: 'succeeded' })).toBe(false);
    expect(await prisma().run.findUniqueOrThrow({ where: { id: cancelledId! } })).toMatchObject({ status: 'running', finishedAt: null });
  });

  it('appends keep sequences gap-free under concurrent writers, and write webhook deliveries with time-ordered ids', async () => {
    const [id] = await queue(1);
    const endpoint = await prisma().webhookEndpoint.create({
      data: { tenantId: principal.tenantId, url: 'https://hooks.example.test/in', secret: 'whsec', eventTypes: ['run.completed'] },
      select: { id: true },
    });
    const run = { id: id!, tenantId: principal.tenantId };
    await Promise.all(
      Array.from({ length: 8 }, (_, writer) =>
        appendRunEvents(prisma(), run, [
          { type: 'note', payload: { writer, part: 1 } },
          { type: 'note', payload: { writer, part: 2 } },
        ]),
      ),
    );
    const [claimed] = await claimRuns(statements(), 'hooks', 1, 60_000);
    expect(await finishRun(statements(), claimed!, 'hooks', { status: 'succeeded' })).toBe(true);
    const events = await prisma().runEvent.findMany({ where: { runId: id! }, orderBy: { seq: 'asc' } });
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: 19 }, (_, index) => index + 1));
    // A writer's two events are adjacent: one statement allocated both numbers.
    for (let writer = 0; writer < 8; writer += 1) {
      const seqs = events.filter((event) => (event.payload as { writer?: number }).writer === writer).map((event) => event.seq);
      expect(seqs[1]! - seqs[0]!).toBe(1);
    }
    const deliveries = await prisma().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries).toHaveLength(1);
    const eventId = `${id}:19`;
    expect(deliveries[0]).toMatchObject({ eventId, eventType: 'run.completed', status: 'pending', payload: { id: eventId, type: 'run.completed', data: { runId: id, status: 'succeeded' } } });
    expect(deliveries[0]!.id[14]).toBe('7');
    await prisma().webhookEndpoint.delete({ where: { id: endpoint.id } });
  });
});
