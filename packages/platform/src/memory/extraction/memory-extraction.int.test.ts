import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { ScriptedModel, type ScriptedReply } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import type { ModelConnector } from '../../outbound/model-connector';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';
import { writePendingEpisodes } from '../episodes/write-pending-episodes';
import { runPendingExtractions } from './run-pending-extractions';

/** A model that is never reached: the agent has a model configured, the test plays it with ScriptedModel. */
const unreachableModel = { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:9/v1' };

describe.each(databaseModes)('update-aware memory: post-run extraction (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  const createAgent = (memoryWriting: Record<string, unknown>, model: Record<string, unknown> | null = unreachableModel) =>
    createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `extract-${randomUUID()}`,
      config: { ...(model ? { model } : {}), memoryWriting },
    });

  /** A run that finished as if the executor ran it, marked for the post-run sweep. */
  const finishedRun = async (agentId: string, task: string, answer: string): Promise<string> => {
    const { prisma } = test.platform.database;
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const run = await prisma.run.create({
      data: {
        tenantId: principal.tenantId,
        agentId,
        agentVersionId: version.id,
        status: 'succeeded',
        input: { text: task },
        output: { text: answer },
        finishedAt: new Date(),
        episodePending: true,
      },
    });
    return run.id;
  };

  /** The episode sweep (its summary played by a model of its own), which creates the extraction jobs. */
  const sweepEpisodes = () =>
    writePendingEpisodes(test.platform.database, test.platform.memoryPort, silentLogger, {
      limit: 50,
      signal: new AbortController().signal,
      models: { gateway: () => new ScriptedModel([], { compaction: Array.from({ length: 50 }, () => 'Episode summary.') }) } as unknown as ModelConnector,
    });

  const extract = (model: ScriptedModel) =>
    runPendingExtractions(test.platform.database, test.platform.memoryPort, silentLogger, {
      limit: 50,
      signal: new AbortController().signal,
      models: { gateway: () => model },
    });

  const extractionModel = (...replies: ScriptedReply[]) => new ScriptedModel([], { compaction: replies });
  const liveFacts = async (key: string) =>
    (await test.platform.database.prisma.memoryItem.findMany({ where: { tenantId: principal.tenantId, key, supersededById: null } })).map((row) => row.content);
  /** The last message's text (the extraction request puts the memories and the turn there). */
  const lastText = (request: { messages: readonly { content: unknown }[] } | undefined): string => {
    const content = request?.messages.at(-1)?.content;
    return typeof content === 'string' ? content : JSON.stringify(content);
  };
  const localIdOf = (request: { messages: readonly { content: unknown }[] }, text: string): string => {
    const listing = lastText(request);
    const line = listing.split('\n').find((candidate) => candidate.includes(text));
    if (!line) throw new Error(`"${text}" was not offered to the model:\n${listing}`);
    return line.split('.')[0]!;
  };

  it('adds a keyed fact, updates it from a later run against the nearest memory, and undoes the update', async () => {
    const agentId = await createAgent({ extractFacts: true });
    const first = await finishedRun(agentId, 'Please remember that I prefer answers in Portuguese', 'Noted, Portuguese it is.');
    await sweepEpisodes();
    const job = await test.platform.database.prisma.memoryExtraction.findUniqueOrThrow({ where: { runId: first } });
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });

    const addModel = extractionModel(
      '{"decisions":[{"event":"ADD","key":"user.answer_language","text":"The user prefers answers in Portuguese","reason":"stated"}]}',
    );
    expect(await extract(addModel)).toEqual({ done: 1, failedAttempts: 0 });
    expect(lastText(addModel.requests[0])).toContain('Existing memories:\n(none)');
    expect(await liveFacts('user.answer_language')).toEqual(['The user prefers answers in Portuguese']);

    const second = await finishedRun(agentId, 'From now on I want answers in Spanish, not Portuguese', 'Understood: Spanish from now on.');
    await sweepEpisodes();
    const updateModel = extractionModel((request) => ({
      text: JSON.stringify({
        decisions: [
          { event: 'UPDATE', id: localIdOf(request, 'The user prefers answers in Portuguese'), text: 'The user prefers answers in Spanish', reason: 'changed' },
        ],
      }),
    }));
    expect(await extract(updateModel)).toEqual({ done: 1, failedAttempts: 0 });
    expect(lastText(updateModel.requests[0])).toContain('[key user.answer_language] The user prefers answers in Portuguese');
    expect(await liveFacts('user.answer_language')).toEqual(['The user prefers answers in Spanish']);
    const hits = await test.platform.memory.search(principal, { text: 'which language does the user prefer for answers', scope: { agentId } });
    expect(hits.map((hit) => hit.item.content)).toContain('The user prefers answers in Spanish');
    expect(hits.map((hit) => hit.item.content)).not.toContain('The user prefers answers in Portuguese');

    const [decision] = (await test.platform.memory.decisions(principal, { runId: second })).decisions;
    expect(decision).toMatchObject({
      event: 'update',
      key: 'user.answer_language',
      oldContent: 'The user prefers answers in Portuguese',
      newContent: 'The user prefers answers in Spanish',
      reason: 'changed',
      undoable: true,
    });
    const undone = await test.platform.memory.undoDecision(principal, { decisionId: decision!.id });
    expect(undone).toMatchObject({ undoable: false, newContent: null, oldContent: 'The user prefers answers in Portuguese' });
    expect(undone.undoneAt).not.toBeNull();
    expect(await liveFacts('user.answer_language')).toEqual(['The user prefers answers in Portuguese']);
    await expect(test.platform.memory.undoDecision(principal, { decisionId: decision!.id })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('retires a memory on DELETE (no longer found) and brings it back on undo', async () => {
    const agentId = await createAgent({ extractFacts: true });
    await test.platform.memory.store(principal, {
      scope: { level: 'agent', id: agentId },
      kind: 'fact',
      key: 'office.parking',
      content: 'The team has parking spot 42 in garage B',
    });
    const run = await finishedRun(agentId, 'We gave up our parking spot in garage B, there is no parking any more', 'Noted.');
    await sweepEpisodes();
    const model = extractionModel((request) => ({
      text: '```json\n' + JSON.stringify({ decisions: [{ event: 'DELETE', id: localIdOf(request, 'parking spot 42'), reason: 'gave it up' }] }) + '\n```',
    }));
    await extract(model);
    const search = async () =>
      (await test.platform.memory.search(principal, { text: 'parking spot garage', scope: { agentId } })).map((hit) => hit.item.content);
    expect(await search()).not.toContain('The team has parking spot 42 in garage B');
    const [decision] = (await test.platform.memory.decisions(principal, { runId: run })).decisions;
    expect(decision).toMatchObject({ event: 'delete', oldContent: 'The team has parking spot 42 in garage B', undoable: true });
    await test.platform.memory.undoDecision(principal, { decisionId: decision!.id });
    expect(await search()).toContain('The team has parking spot 42 in garage B');
  });

  it('does not call a failing provider again in a loop: bounded attempts with delays, the error recorded', async () => {
    const agentId = await createAgent({ extractFacts: true });
    const run = await finishedRun(agentId, 'The release is on Friday', 'Okay.');
    await sweepEpisodes();
    const failing = new ScriptedModel([], { compaction: Array.from({ length: 10 }, () => ({ error: new Error('provider down (503)') })) });
    const { prisma } = test.platform.database;
    const job = () => prisma.memoryExtraction.findUniqueOrThrow({ where: { runId: run } });

    expect(await extract(failing)).toEqual({ done: 0, failedAttempts: 1 });
    expect(await job()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down (503)' });
    expect((await job()).nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a sweep right after does not call the provider.
    await extract(failing);
    expect(failing.requests).toHaveLength(1);
    for (let sweep = 0; sweep < 4; sweep += 1) {
      await prisma.memoryExtraction.update({ where: { runId: run }, data: { nextAttemptAt: new Date(Date.now() - 1_000) } });
      await extract(failing);
    }
    expect(failing.requests).toHaveLength(3);
    expect(await job()).toMatchObject({ status: 'failed', attempts: 3, lastError: 'provider down (503)' });
  });

  it('counts an unusable reply (not JSON, or a memory id never offered) as a failed attempt and writes nothing', async () => {
    const agentId = await createAgent({ extractFacts: true });
    const run = await finishedRun(agentId, 'Lunch is at noon', 'Okay.');
    await sweepEpisodes();
    await extract(extractionModel('Sure! Here are the facts: lunch at noon.'));
    expect(await test.platform.database.prisma.memoryExtraction.findUniqueOrThrow({ where: { runId: run } })).toMatchObject({ attempts: 1, status: 'pending' });
    await test.platform.database.prisma.memoryExtraction.update({ where: { runId: run }, data: { nextAttemptAt: new Date(Date.now() - 1_000) } });
    await extract(extractionModel('{"decisions":[{"event":"UPDATE","id":"7","text":"Lunch is at one"}]}'));
    const job = await test.platform.database.prisma.memoryExtraction.findUniqueOrThrow({ where: { runId: run } });
    expect(job.lastError).toContain('names memory 7, which was not offered');
    expect(await test.platform.database.prisma.memoryDecision.count({ where: { runId: run } })).toBe(0);
  });

  it('creates no job unless the agent asks for extraction and has a model', async () => {
    const withoutModel = await createAgent({ extractFacts: true }, null);
    const optedOut = await createAgent({ extractFacts: false });
    const runs = [await finishedRun(withoutModel, 'Fact one', 'ok'), await finishedRun(optedOut, 'Fact two', 'ok')];
    await sweepEpisodes();
    expect(await test.platform.database.prisma.memoryExtraction.count({ where: { runId: { in: runs } } })).toBe(0);
    expect(await test.platform.database.prisma.run.count({ where: { id: { in: runs }, episodePending: true } })).toBe(0);
  });
});
