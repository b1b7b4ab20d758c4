import { randomUUID } from 'node:crypto';

import { ScriptedModel } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import type { ModelConnector } from '../../outbound/model-connector';
import { createTestAgent, createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../../testing';
import { loadEpisodeSource } from '../episodes/episode-source';
import { writePendingEpisodes } from '../episodes/write-pending-episodes';
import { applyMemoryDecisions, type ApplyOutcome } from './apply-memory-decisions';
import type { ProposedDecision } from './extraction-prompt';
import { claimExtractionJob } from './extraction-job-sql';

/**
 * Two post-run extractions (two runs of one agent finishing together) both decide about the same
 * existing fact, which has no key (stored by memory_store or the API without one), so no key lock
 * orders them. Both used to read the fact as live with a plain read, both inserted their new
 * version, and the second "mark the old one superseded" matched nothing, unchecked: two versions of
 * one fact stayed live, and the loser was not linked to the fact by `superseded_by_id`, so erasing
 * the run that wrote the fact missed it although it quotes the erased content. The decisions' items
 * are now locked (`SELECT … FOR UPDATE`) before they are read; the later extraction finds the fact
 * replaced and records NONE.
 * Server only: a third transaction holding the fact's row makes both extractions wait at it, so the
 * interleaving is decided by locks, not timing (PGlite has one session).
 */

/** A model that is never reached: the agent has a model configured, the test plays the extraction. */
const unreachableModel = { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:9/v1' };

describe('two extractions deciding about one keyless fact at once (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  /** An agent-level fact written by an earlier run (no key), and two finished runs whose extraction jobs are claimed. */
  async function twoClaimedExtractions(factContent: string) {
    const { prisma } = test.platform.database;
    const tenantId = principal.tenantId;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId,
      slug: `extract-${randomUUID()}`,
      config: { model: unreachableModel, memoryWriting: { extractFacts: true } },
    });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const finishedRun = (text: string, episodePending: boolean) =>
      prisma.run.create({
        data: {
          tenantId,
          agentId,
          agentVersionId: version.id,
          status: 'succeeded',
          input: { text },
          output: { text: 'Noted.' },
          finishedAt: new Date(),
          episodePending,
        },
      });
    const origin = await finishedRun(factContent, false);
    const fact = await test.platform.memoryPort.storeItem({ scope: { tenantId, agentId }, kind: 'fact', content: factContent, sourceRunId: origin.id });
    const runs = [await finishedRun('Standup moves to 10:00', true), await finishedRun('Standup moves to 11:00', true)];
    await writePendingEpisodes(test.platform.database, test.platform.memoryPort, silentLogger, {
      limit: 50,
      signal: new AbortController().signal,
      models: { gateway: () => new ScriptedModel([], { compaction: ['Episode summary.', 'Episode summary.'] }) } as unknown as ModelConnector,
    });
    const extractions = await Promise.all(
      runs.map(async (run) => ({
        runId: run.id,
        source: (await loadEpisodeSource(prisma, run.id))!,
        claim: (await claimExtractionJob(prisma, { runId: run.id, attempts: 0 }, 300_000))!,
      })),
    );
    return { agentId, origin, fact, extractions };
  }

  /** Applies both proposals while a third transaction holds the fact's row, and releases it once both wait. */
  async function applyBoth(
    setup: Awaited<ReturnType<typeof twoClaimedExtractions>>,
    decisions: [ProposedDecision, ProposedDecision],
    factContent: string,
  ): Promise<ApplyOutcome[]> {
    const existing = [{ localId: '0', itemId: setup.fact.id, key: null, content: factContent }];
    const holder = await holdRowLock(test.platform.database, 'SELECT id FROM memory_items WHERE id = $1::uuid FOR UPDATE', setup.fact.id);
    const applies = setup.extractions.map(({ source, claim }, index) =>
      applyMemoryDecisions(test.platform.database, test.platform.memoryPort, source, claim, { decisions: [decisions[index]!], existing, model: 'm' }),
    );
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database), { timeout: 60_000, interval: 100 }).toBe(2);
    holder.release();
    await holder.done;
    return Promise.all(applies);
  }

  const liveFacts = (agentId: string) =>
    test.platform.database.prisma.memoryItem.findMany({
      where: { tenantId: principal.tenantId, scope: 'agent', scopeId: agentId, kind: 'fact', supersededById: null },
      select: { content: true },
    });

  it('leaves one live version: the later UPDATE finds the fact replaced and records NONE', async () => {
    const factContent = 'The team standup is at 9:00';
    const setup = await twoClaimedExtractions(factContent);
    const outcomes = await applyBoth(
      setup,
      [
        { event: 'UPDATE', id: '0', text: 'The team standup is at 10:00', reason: 'moved' },
        { event: 'UPDATE', id: '0', text: 'The team standup is at 11:00', reason: 'moved' },
      ],
      factContent,
    );

    const counts = outcomes.map((outcome) => ('applied' in outcome ? outcome.applied : outcome));
    expect(counts).toEqual(
      expect.arrayContaining([
        { add: 0, update: 1, delete: 0, none: 0 },
        { add: 0, update: 0, delete: 0, none: 1 },
      ]),
    );
    const live = await liveFacts(setup.agentId);
    expect(live).toHaveLength(1);
    expect(['The team standup is at 10:00', 'The team standup is at 11:00']).toContain(live[0]!.content);
    const decisions = await test.platform.database.prisma.memoryDecision.findMany({
      where: { runId: { in: setup.extractions.map((extraction) => extraction.runId) } },
      select: { event: true, previousItemId: true, reason: true },
    });
    expect(decisions).toEqual(
      expect.arrayContaining([
        { event: 'update', previousItemId: setup.fact.id, reason: 'moved' },
        { event: 'none', previousItemId: null, reason: 'UPDATE skipped: the memory changed since it was offered. moved' },
      ]),
    );
  });

  it('erasing the run the fact came from erases the update written from it, and nothing quoting it is left', async () => {
    const factContent = 'The door code of the lab is 4711, standup at 9:00';
    const setup = await twoClaimedExtractions(factContent);
    await applyBoth(
      setup,
      [
        { event: 'UPDATE', id: '0', text: 'The door code of the lab is 4711, standup at 10:00', reason: 'moved' },
        { event: 'UPDATE', id: '0', text: 'The door code of the lab is 4711, standup at 11:00', reason: 'moved' },
      ],
      factContent,
    );

    await test.platform.erase.eraseRun(principal, { runId: setup.origin.id });
    const left = await test.platform.database.prisma.memoryItem.findMany({
      where: { tenantId: principal.tenantId, content: { contains: '4711' } },
      select: { content: true },
    });
    expect(left).toEqual([]);
    const hits = await test.platform.memory.search(principal, { text: 'lab door code', scope: { agentId: setup.agentId } });
    expect(hits.map((hit) => hit.item.content).filter((content) => content.includes('4711'))).toEqual([]);
  });

  it('retires the fact once: a DELETE after a concurrent DELETE records NONE', async () => {
    const factContent = 'The lab is closed on Fridays';
    const setup = await twoClaimedExtractions(factContent);
    const outcomes = await applyBoth(
      setup,
      [
        { event: 'DELETE', id: '0', reason: 'open now' },
        { event: 'DELETE', id: '0', reason: 'open now' },
      ],
      factContent,
    );

    const counts = outcomes.map((outcome) => ('applied' in outcome ? outcome.applied : outcome));
    expect(counts).toEqual(
      expect.arrayContaining([
        { add: 0, update: 0, delete: 1, none: 0 },
        { add: 0, update: 0, delete: 0, none: 1 },
      ]),
    );
    // The one DELETE's undo brings the fact back (its recorded previous expiry is the original one, none).
    const [deleted] = await test.platform.database.prisma.memoryDecision.findMany({
      where: { runId: { in: setup.extractions.map((extraction) => extraction.runId) }, event: 'delete' },
    });
    expect(deleted).toMatchObject({ previousItemId: setup.fact.id, previousExpiresAt: null });
  });
});
