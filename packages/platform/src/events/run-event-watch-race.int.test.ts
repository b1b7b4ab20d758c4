import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, runsNotifiedBeforeMarker, silentLogger, type TestPlatform } from '../testing';
import { appendRunEvents } from './append-run-events';
import { RunEventHub } from './run-event-hub';
import { runEventsChannel } from './run-event';
import { RunEventWatchers } from './run-event-watchers';
import { sharedRunEventReads } from './shared-run-event-reader';
import { streamRunEvents } from './stream-run-events';

/**
 * A stream registers its run (ADR 0038) while a writer of that run is in flight (ADR 0091). Only a server has
 * concurrent sessions: on PGlite every statement runs alone, so a writer is never in flight across a
 * registration. The refresh that used to catch such a commit (every 10 s) is off in these tests: whatever
 * they see arrived through the notification, the hub's wait for the run's writers (ADR 0098) or its settle reads.
 */
describe('a stream registered while a writer is in flight (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const heard: string[] = [];
  let release: () => Promise<void>;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'raced', config: { tools: [] } });
    release = await test.platform.database.notifications.listen(runEventsChannel, { onNotification: (payload) => heard.push(payload.split(':')[0]!) });
  });
  afterAll(async () => {
    await release?.();
    await test?.dispose();
  });

  const prisma = () => test.platform.database.prisma;
  const watchers = () => new RunEventWatchers(test.platform.database.statements, silentLogger, { ttlMs: 60_000, refreshMs: 3_600_000 });
  const newRun = async (status: 'running' | 'queued' = 'running') => {
    const version = await prisma().agentVersion.findFirstOrThrow({ where: { agentId }, select: { id: true } });
    return prisma().run.create({ data: { tenantId: principal.tenantId, agentId, agentVersionId: version.id, input: { text: 'x' }, status }, select: { id: true, tenantId: true } });
  };
  const append = (run: { id: string; tenantId: string }, type = 'custom') => appendRunEvents(test.platform.database.statements, run, [{ type, payload: { at: Date.now() } }]);
  /** The runs notified before a commit on a fresh watched run. */
  const heardBeforeMarker = () => runsNotifiedBeforeMarker({ heard, newRun: () => newRun(), watch: (runId) => watchers().watch({ runId }).ready, append });
  /** Holds the run's row lock in a transaction of its own until `unlock` is called, as a writer in flight does. */
  const lockRun = async (runId: string) => {
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const transaction = prisma().$transaction(
      async (client) => {
        await client.$queryRawUnsafe('SELECT id FROM runs WHERE id = $1::uuid FOR UPDATE', runId);
        locked();
        await unlocked;
      },
      { timeout: 120_000 },
    );
    await lockTaken;
    return { unlock: async () => (unlock(), await transaction) };
  };
  /** Sessions of this database waiting for a lock (the writer the test started, once it reached the row). */
  const lockWaiters = async () =>
    (await prisma().$queryRawUnsafe<{ waiting: number }[]>(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0]!.waiting;

  it('a writer that waited for the run row while the stream registered still notifies', async () => {
    const run = await newRun();
    heard.splice(0);
    const lock = await lockRun(run.id);
    // The writer's statement starts (and takes its snapshot) now, then waits for the row.
    const writing = append(run);
    await expect.poll(lockWaiters, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const hold = watchers().watch({ runId: run.id });
    await hold.ready;
    await lock.unlock();
    await writing;
    expect(await heardBeforeMarker()).toContain(run.id);
    hold.release();
  });

  /** A writer of `run` that appended `late` and holds the run's row, uncommitted, until `commit` is called. */
  const uncommittedWriter = async (run: { id: string; tenantId: string }) => {
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let appended!: () => void;
    const appendedUncommitted = new Promise<void>((resolve) => (appended = resolve));
    const writer = prisma().$transaction(
      async (transaction) => {
        await appendRunEvents(transaction, run, [{ type: 'late', payload: {} }]);
        appended();
        await committing;
      },
      { timeout: 120_000 },
    );
    await appendedUncommitted;
    return { commit: async () => (commit(), await writer) };
  };

  /** A hub whose settle reads wait in `settleReads` until the test runs them, and a stream of `runId` on it. */
  const streamWithHeldSettleReads = async (runId: string) => {
    const settleReads: (() => void)[] = [];
    const hub = new RunEventHub(test.platform.database.notifications, sharedRunEventReads(test.platform.database.statements), watchers(), (read) => settleReads.push(read));
    await hub.start();
    const abort = new AbortController();
    const seen: string[] = [];
    const stream = (async () => {
      for await (const item of streamRunEvents({ hub, finishedSeq: () => Promise.resolve(null) }, { runId, afterSeq: 0, signal: abort.signal, heartbeatMs: 100 })) {
        if (item.kind === 'events') seen.push(...item.events.map((event) => event.type));
      }
    })();
    const stop = async () => {
      abort.abort();
      await stream;
      await hub.stop();
    };
    return { seen, settleReads, stop };
  };

  it('an event committed after the catch-up read without a notification reaches the stream through a settle read', async () => {
    // Queued: the wait for writers (ADR 0098) does not lock a queued run, so here only a settle read can help, as
    // for a claim that raced the registration.
    const run = await newRun('queued');
    await append(run, 'before');
    // The writer tests for watchers now (none yet) and commits only when told to.
    const writer = await uncommittedWriter(run);
    const { seen, settleReads, stop } = await streamWithHeldSettleReads(run.id);
    // The catch-up read is done: it returned the committed event, and the writer's is not committed yet.
    await expect.poll(() => seen, { timeout: 30_000 }).toEqual(['before']);
    expect(settleReads).toHaveLength(1);
    await writer.commit();
    // No notification was sent for it (its test saw no watcher): only a read of the table can deliver it.
    for (const read of settleReads.splice(0)) read();
    await expect.poll(() => seen, { timeout: 30_000 }).toEqual(['before', 'late']);
    await stop();
  });

  it('a writer in flight across the catch-up read is delivered as it commits, with no settle read (ADR 0098)', async () => {
    const run = await newRun();
    await append(run, 'before');
    // Tested for watchers already (none): this commit sends no notification.
    const writer = await uncommittedWriter(run);
    const { seen, settleReads, stop } = await streamWithHeldSettleReads(run.id);
    await expect.poll(() => seen, { timeout: 30_000 }).toEqual(['before']);
    // The hub now waits for the run's row, which the writer holds.
    await expect.poll(lockWaiters, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await writer.commit();
    await expect.poll(() => seen, { timeout: 30_000 }).toEqual(['before', 'late']);
    // Scheduled, never run: the event came through the wait.
    expect(settleReads).toHaveLength(1);
    await stop();
  });

  it('the wait for writers takes no lock on a queued run, which a claim would then skip', async () => {
    const run = await newRun('queued');
    // A claim holds the queued row (FOR UPDATE SKIP LOCKED) while the stream registers.
    const claim = await lockRun(run.id);
    // Waiting for the claim's lock would time out (false): a queued run is not locked at all.
    const settled = await watchers().writersSettled(run.id);
    await claim.unlock();
    expect(settled).toBe(true);
  });

  it('a wait that fails resolves false and says why, so the settle reads take over', async () => {
    const warnings: { message: string; details: unknown }[] = [];
    const logger = { ...silentLogger, warn: (message: string, details?: unknown) => void warnings.push({ message, details }) };
    const failing = new RunEventWatchers(test.platform.database.statements, logger, { ttlMs: 60_000, refreshMs: 3_600_000 });
    // Not a uuid: the statement fails in the database, as it would on a lost connection.
    expect(await failing.writersSettled('not-a-run-id')).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('Waiting for the writers of a run in flight failed');
    const details = warnings[0]!.details as { runId: string; error: string };
    expect(details.runId).toBe('not-a-run-id');
    expect(details.error).toContain('uuid');
  });

  it('gives up on a writer that holds the row past the timeout, and says so', async () => {
    const run = await newRun();
    const writer = await lockRun(run.id);
    const settled = await watchers().writersSettled(run.id);
    await writer.unlock();
    expect(settled).toBe(false);
    expect(await watchers().writersSettled(run.id)).toBe(true);
  });
});
