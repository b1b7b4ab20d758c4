import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import type { ModelRequest } from '@agentloom/runtime';
import { ScriptedModel } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { writePendingEpisodes } from '../memory/episodes/write-pending-episodes';
import { runPendingExtractions } from '../memory/extraction/run-pending-extractions';
import { scanForContent } from '../memory/testing/scan-for-content';
import type { ModelConnector } from '../outbound/model-connector';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { holdEraseFenceShared } from './erase-fence';
import { episodeSourceUnchanged, loadEpisodeSource } from '../memory/episodes/episode-source';

/** The agent has a model, so the writers call it; the test plays it, and erases while it "thinks". */
const unreachableModel = { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:9/v1' };

/**
 * The erase fence (ADR 0040): the post-run writers read a run, call a model, then write a copy of
 * the run's content into memory. An erase that commits while the model is thinking must not be
 * undone by the write that follows it.
 */
describe.each(databaseModes)('erase fence against the post-run memory writers (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  const finishedRun = async (agentId: string, threadId: string, task: string, answer: string, episodePending: boolean) => {
    const { prisma } = test.platform.database;
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    return prisma.run.create({
      data: { tenantId: principal.tenantId, agentId, agentVersionId: version.id, threadId, status: 'succeeded', input: { text: task }, output: { text: answer }, finishedAt: new Date(), episodePending },
    });
  };

  /** A model whose every call first runs `meanwhile` (the erase), then answers with `text`. */
  const modelsThat = (meanwhile: () => Promise<unknown>, text: string) => {
    const calls: ModelRequest[] = [];
    const scripted = new ScriptedModel([], { compaction: Array.from({ length: 10 }, () => text) });
    const gateway = {
      invoke: async (request: ModelRequest) => {
        calls.push(request);
        if (calls.length === 1) await meanwhile();
        return scripted.invoke(request);
      },
    };
    return { calls, gateway, models: { gateway: () => gateway } as unknown as ModelConnector };
  };

  /**
   * Run A (thread "told") stored the marker; run B (another thread) found it with memory_search and
   * waits for its episode. Erasing the told thread redacts B's tool result.
   */
  const toldAndRecalled = async (marker: string, memoryWriting: Record<string, unknown>) => {
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `fence-${randomUUID()}`,
      config: { model: unreachableModel, memoryWriting },
    });
    const told = await test.platform.threads.create(principal, { agentId, endUserId: 'user-fence' });
    const toldRun = await finishedRun(agentId, told.id, `my locker code is ${marker}`, 'Noted.', false);
    const item = await test.platform.memoryPort.storeItem({
      scope: { tenantId: principal.tenantId, userId: 'user-fence' },
      kind: 'episode',
      content: `User: my locker code is ${marker}`,
      sourceRunId: toldRun.id,
      originThreadId: told.id,
    });
    const later = await test.platform.threads.create(principal, { agentId, endUserId: 'user-fence' });
    const recall = await finishedRun(agentId, later.id, 'recall my locker code', 'Here is what I found.', true);
    await prisma.toolCall.create({
      data: {
        tenantId: principal.tenantId,
        runId: recall.id,
        callId: 'call-1',
        name: 'memory_search',
        implementationId: 'builtin:memory_search',
        sideEffects: 'read',
        arguments: { query: 'locker code' },
        result: { content: `1. [${item.id}] User: my locker code is ${marker}`, isError: false },
        status: 'succeeded',
        idempotencyKey: randomUUID(),
      },
    });
    await prisma.memoryInjection.create({ data: { tenantId: principal.tenantId, runId: recall.id, memoryItemId: item.id, score: 0.9, source: 'memory_search' } });
    return { told, recall };
  };

  const sweep = (models: ModelConnector) =>
    writePendingEpisodes(test.platform.database, test.platform.memoryPort, silentLogger, { limit: 50, signal: new AbortController().signal, models });

  it('an episode summarized before an erase and written after it is not written; the next sweep summarizes what is left', async () => {
    const marker = `zqfence${randomUUID().slice(0, 8)}`;
    const { told, recall } = await toldAndRecalled(marker, { conversations: { scope: 'user' } });
    const erasing = modelsThat(() => test.platform.erase.eraseThread(principal, { threadId: told.id }), `The user's locker code is ${marker}.`);
    await sweep(erasing.models);
    // The model was asked with the marker in hand (it read the source before the erase)…
    expect(JSON.stringify(erasing.calls[0]?.messages)).toContain(marker);
    // …and nothing it wrote survives, anywhere.
    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
    expect((await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: recall.id } })).episodePending).toBe(true);

    const plain = modelsThat(() => Promise.resolve(), 'The user asked for a code; the search result was erased.');
    await sweep(plain.models);
    expect(JSON.stringify(plain.calls[0]?.messages)).not.toContain(marker);
    const written = await test.platform.database.prisma.memoryItem.findMany({ where: { sourceRunId: recall.id } });
    expect(written.map((item) => item.key).sort()).toEqual([`episode:${recall.id}`, `turn:${recall.id}`]);
    expect((await test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: recall.id } })).episodePending).toBe(false);
  });

  it('facts extracted before the run is erased are not written after it; the attempt is not counted', async () => {
    const marker = `zqfact${randomUUID().slice(0, 8)}`;
    const { told, recall } = await toldAndRecalled(marker, { extractFacts: true });
    await sweep(modelsThat(() => Promise.resolve(), 'Episode summary.').models);
    expect(await test.platform.database.prisma.memoryExtraction.findUnique({ where: { runId: recall.id } })).toMatchObject({ status: 'pending' });

    const erasing = modelsThat(
      () => test.platform.erase.eraseThread(principal, { threadId: told.id }),
      JSON.stringify({ decisions: [{ event: 'ADD', key: 'user.locker_code', text: `The locker code is ${marker}`, reason: 'stated' }] }),
    );
    const outcome = await runPendingExtractions(test.platform.database, test.platform.memoryPort, silentLogger, {
      limit: 50,
      signal: new AbortController().signal,
      models: { gateway: () => erasing.gateway as unknown as ScriptedModel },
    });
    expect(outcome).toEqual({ done: 0, failedAttempts: 0 });
    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
    expect(await test.platform.database.prisma.memoryExtraction.findUnique({ where: { runId: recall.id } })).toMatchObject({ status: 'pending', attempts: 0 });
  });

  // Two connections are needed for the writer to hold its transaction open while the erase runs;
  // the embedded database serves one transaction at a time, so there the order is given anyway.
  it.runIf(mode === 'server')('an erase waits for a writer that already checked its source, then removes what it wrote', async () => {
    const marker = `zqwait${randomUUID().slice(0, 8)}`;
    const { told, recall } = await toldAndRecalled(marker, {});
    const source = (await loadEpisodeSource(test.platform.database.prisma, recall.id))!;
    let checked!: () => void;
    const sourceChecked = new Promise<void>((resolve) => (checked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const writing = test.platform.memoryPort.storeItemsIf(
      [{ scope: { tenantId: principal.tenantId, agentId: recall.agentId }, kind: 'episode', key: `episode:${recall.id}`, content: `Found ${marker}`, sourceRunId: recall.id }],
      async (transaction) => {
        await holdEraseFenceShared(transaction, principal.tenantId);
        const unchanged = await episodeSourceUnchanged(transaction, source);
        checked();
        await released;
        return unchanged;
      },
    );
    await sourceChecked;
    let erased = false;
    const erasing = test.platform.erase.eraseThread(principal, { threadId: told.id }).then(() => (erased = true));
    // Wait for a state, not a time: the erase is either waiting for the fence or (unfenced) done.
    await expect
      .poll(async () => erased || Number((await test.platform.database.sql.query<{ waiting: bigint }>("SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))[0]?.waiting ?? 0) > 0)
      .toBe(true);
    expect(erased).toBe(false);
    release();
    expect(await writing).toHaveLength(1);
    await erasing;
    expect(await scanForContent(test.platform.database, [marker], { exceptColumns: ['agent_versions.config'] })).toEqual([]);
  });
});
