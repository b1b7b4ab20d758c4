import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { ScriptedModel } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import type { ModelConnector } from '../../outbound/model-connector';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform, holdRowLock, sessionsWaitingOnLocks } from '../../testing';
import { writePendingEpisodes } from './write-pending-episodes';

/**
 * Every executor process runs the episode sweep, and nothing claims a run before its summary is
 * made, so two processes can summarize one run. Its items used to be written twice: the write did
 * not look at `episode_pending` again, and when the two writes overlapped neither saw the other's
 * item, leaving two live episodes and two live turns. The write now locks the run and writes only
 * while the flag is still set (`lockPendingRun`).
 */

/** A model that is never reached: the agent has a model configured, so the sweep asks `models`. */
const unreachableModel = { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:9/v1' };

const summaryModels = (): ModelConnector => ({ gateway: () => new ScriptedModel([], { compaction: ['Episode summary.'] }) }) as unknown as ModelConnector;

/** A summary model that answers only once released; `entered` resolves when the sweep has called it. */
function heldSummaryModels(): { models: ModelConnector; entered: Promise<void>; release: () => void } {
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const scripted = new ScriptedModel([], { compaction: ['Late episode summary.'] });
  const gateway = {
    invoke: async (request: Parameters<ScriptedModel['invoke']>[0]) => {
      enter();
      await released;
      return scripted.invoke(request);
    },
  };
  return { models: { gateway: () => gateway } as unknown as ModelConnector, entered, release };
}

async function setUp(test: TestPlatform): Promise<{ principal: Principal; runId: string }> {
  const principal = (await test.platform.auth.authenticate(test.adminKey))!;
  const { prisma } = test.platform.database;
  const agentId = await createTestAgent(test.platform.database, {
    tenantId: principal.tenantId,
    slug: `sweep-${randomUUID()}`,
    config: { model: unreachableModel, memoryWriting: { conversations: { scope: 'thread' } } },
  });
  const thread = await test.platform.threads.create(principal, { agentId });
  const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
  const run = await prisma.run.create({
    data: {
      tenantId: principal.tenantId,
      agentId,
      agentVersionId: version.id,
      threadId: thread.id,
      status: 'succeeded',
      input: { text: 'My favourite colour is teal' },
      output: { text: 'Teal, noted.' },
      finishedAt: new Date(),
      episodePending: true,
    },
  });
  return { principal, runId: run.id };
}

const sweep = (test: TestPlatform, models: ModelConnector) =>
  writePendingEpisodes(test.platform.database, test.platform.memoryPort, silentLogger, { limit: 50, signal: new AbortController().signal, models });

/** Every item written from the run, superseded ones included. */
const itemsOf = (test: TestPlatform, runId: string) =>
  test.platform.database.prisma.memoryItem.findMany({
    where: { sourceRunId: runId },
    select: { key: true, content: true, supersededById: true },
    orderBy: { key: 'asc' },
  });

describe.each(databaseModes)('an episode sweep that another process finished first (%s)', (mode) => {
  let test: TestPlatform;
  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
  });
  afterAll(() => test?.dispose());

  it('writes nothing when the run was summarized while it waited for its model', async () => {
    const { runId } = await setUp(test);
    const held = heldSummaryModels();
    const late = sweep(test, held.models);
    await held.entered;
    expect(await sweep(test, summaryModels())).toBe(1);
    held.release();
    expect(await late).toBe(0);

    const items = await itemsOf(test, runId);
    expect(items.map((item) => ({ key: item.key, content: item.content.split('\n')[0], live: item.supersededById === null }))).toEqual([
      { key: `episode:${runId}`, content: 'Episode summary.', live: true },
      { key: `turn:${runId}`, content: 'User: My favourite colour is teal', live: true },
    ]);
    expect(await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { episodePending: true } })).toEqual({
      episodePending: false,
    });
  });
});

/**
 * Server only: the race needs two connections. A third transaction holds the run's row lock, so
 * both sweeps are under way at once (unfixed: both have inserted their items and wait to clear the
 * flag; fixed: both wait to lock the run) before either commits.
 */
describe('two episode sweeps of one run at once (server)', () => {
  let test: TestPlatform;
  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
  });
  afterAll(() => test?.dispose());

  it('write one episode and one turn for the run', async () => {
    const { runId } = await setUp(test);

    const holder = await holdRowLock(test.platform.database, 'SELECT id FROM runs WHERE id = $1::uuid FOR NO KEY UPDATE', runId);
    const waiting = () => sessionsWaitingOnLocks(test.platform.database);

    const first = sweep(test, summaryModels());
    const second = sweep(test, summaryModels());
    await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toBe(2);
    holder.release();
    await holder.done;
    expect((await Promise.all([first, second])).sort()).toEqual([0, 1]);

    const items = await itemsOf(test, runId);
    expect(items.map((item) => ({ key: item.key, live: item.supersededById === null }))).toEqual([
      { key: `episode:${runId}`, live: true },
      { key: `turn:${runId}`, live: true },
    ]);
  });
});
