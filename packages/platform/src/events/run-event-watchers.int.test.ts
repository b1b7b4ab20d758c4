import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { claimRuns } from '../execution/run-claims';
import { finishRun } from '../execution/finish-run';
import { createTestAgent, createTestPlatform, runsNotifiedBeforeMarker, silentLogger, type TestPlatform } from '../testing';
import { appendRunEvents } from './append-run-events';
import { runEventsChannel } from './run-event';
import { RunEventWatchers } from './run-event-watchers';

/**
 * Run-event NOTIFYs are sent only for runs a process watches (ADR 0038): every notifying commit
 * serializes on Postgres's notify lock, so an unwatched run must commit without one. Notifications
 * on one connection arrive in commit order, so "X was not notified" is checked without waiting for
 * time to pass: a later commit on a watched run is awaited, and X's notification would have come first.
 */
describe.each(databaseModes)('run event watchers (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let otherTenantId: string;
  let otherAgentId: string;
  const heard: string[] = [];
  let release: () => Promise<void>;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'watched', config: { tools: [] } });
    otherTenantId = (await test.platform.database.prisma.tenant.create({ data: { name: 'Other', slug: `other-${crypto.randomUUID().slice(0, 8)}` } })).id;
    otherAgentId = await createTestAgent(test.platform.database, { tenantId: otherTenantId, slug: 'other', config: { tools: [] } });
    release = await test.platform.database.notifications.listen(runEventsChannel, { onNotification: (payload) => heard.push(payload.split(':')[0]!) });
  });
  afterAll(async () => {
    await release?.();
    await test?.dispose();
  });

  const statements = () => test.platform.database.statements;
  const watchers = () => new RunEventWatchers(statements(), silentLogger, { ttlMs: 60_000, refreshMs: 3_600_000 });
  const newRun = async (tenantId = principal.tenantId, agent = agentId) =>
    (await test.platform.database.prisma.run.create({ data: { tenantId, agentId: agent, agentVersionId: (await versionOf(agent)).id, input: { text: 'x' }, status: 'succeeded' }, select: { id: true, tenantId: true } }));
  const versionOf = (agent: string) => test.platform.database.prisma.agentVersion.findFirstOrThrow({ where: { agentId: agent }, select: { id: true } });
  const append = (run: { id: string; tenantId: string }) =>
    test.platform.database.prisma.$transaction((transaction) => appendRunEvents(transaction, run, [{ type: 'custom', payload: { at: Date.now() } }]));
  /** The runs notified before a commit on a fresh watched run. */
  const heardBeforeMarker = () => runsNotifiedBeforeMarker({ heard, newRun: () => newRun(), watch: (runId) => watchers().watch({ runId }).ready, append });

  it('an unwatched run commits without notifying; a watched run notifies, until its hold is released and refreshed away', async () => {
    const run = await newRun();
    heard.splice(0);
    await append(run);
    expect(await heardBeforeMarker()).not.toContain(run.id);

    const registry = watchers();
    const hold = registry.watch({ runId: run.id });
    await hold.ready;
    await append(run);
    expect(await heardBeforeMarker()).toContain(run.id);

    hold.release();
    await registry.refresh();
    await append(run);
    expect(await heardBeforeMarker()).not.toContain(run.id);
  });

  it('a tenant watcher covers every run of its tenant and no other tenant’s', async () => {
    const mine = await newRun();
    const theirs = await newRun(otherTenantId, otherAgentId);
    const registry = watchers();
    const hold = registry.watch({ tenantId: principal.tenantId });
    await hold.ready;
    heard.splice(0);
    await append(mine);
    await append(theirs);
    const seen = await heardBeforeMarker();
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    hold.release();
    await registry.refresh();
  });

  it('an expired row is ignored, and a refresh deletes it', async () => {
    const run = await newRun();
    await test.platform.database.prisma.runEventWatcher.create({ data: { key: `dead-process:run:${run.id}`, runId: run.id, expiresAt: new Date(Date.now() - 1_000) } });
    heard.splice(0);
    await append(run);
    expect(await heardBeforeMarker()).not.toContain(run.id);
    await watchers().refresh();
    expect(await test.platform.database.prisma.runEventWatcher.count({ where: { key: `dead-process:run:${run.id}` } })).toBe(0);
  });

  it('claim and finish notify a watched run and stay silent for an unwatched one', async () => {
    await claimRuns(statements(), 'drain', 1_000, 60_000);
    const watched = (await test.platform.runs.create(principal, { agentId, input: 'watched' })).run;
    const unwatched = (await test.platform.runs.create(principal, { agentId, input: 'unwatched' })).run;
    const hold = watchers().watch({ runId: watched.id });
    await hold.ready;
    heard.splice(0);
    const claimed = await claimRuns(statements(), 'claimer', 10, 60_000);
    expect(claimed.map((run) => run.id).sort()).toEqual([watched.id, unwatched.id].sort());
    for (const run of claimed) expect(await finishRun(statements(), run, 'claimer', { status: 'succeeded' })).toBe(true);
    const seen = await heardBeforeMarker();
    expect(seen.filter((id) => id === watched.id)).toHaveLength(2);
    expect(seen).not.toContain(unwatched.id);
  });

  it('a live stream registers its run before reading, so it sees every event of a run nobody else watches', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'streamed' });
    const abort = new AbortController();
    const seen: string[] = [];
    const stream = (async () => {
      for await (const item of await test.platform.runEvents.stream(principal, { runId: run.id, afterSeq: 0 }, abort.signal, 60_000)) {
        if (item.kind === 'events') seen.push(...item.events.map((event) => event.type));
        if (seen.includes('run-finished')) return;
      }
    })();
    await expect.poll(() => seen.includes('run-created'), { timeout: 30_000 }).toBe(true);
    // The hub registered the run before the stream's first read (else only the periodic safety read would deliver).
    expect(await test.platform.database.prisma.runEventWatcher.count({ where: { runId: run.id, expiresAt: { gt: new Date() } } })).toBe(1);
    const [claimed] = await claimRuns(statements(), 'streamer', 1, 60_000);
    expect(claimed?.id).toBe(run.id);
    await finishRun(statements(), claimed!, 'streamer', { status: 'succeeded' });
    await stream;
    abort.abort();
    expect(seen).toEqual(['run-created', 'run-started', 'run-finished']);
  });
});
