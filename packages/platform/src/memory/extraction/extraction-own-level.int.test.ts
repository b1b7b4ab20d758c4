import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { ScriptedModel } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import type { ModelConnector } from '../../outbound/model-connector';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';
import { loadEpisodeSource } from '../episodes/episode-source';
import { writePendingEpisodes } from '../episodes/write-pending-episodes';
import { applyMemoryDecisions } from './apply-memory-decisions';
import { claimExtractionJob } from './extraction-job-sql';
import { runPendingExtractions } from './run-pending-extractions';

/**
 * An extraction used to write an UPDATE at the level of the item it replaced, and the items offered
 * to the model included the tenant-wide (project) and agent items the run can see, pinned or not:
 * one end user's conversation could rewrite — or retire — memory every agent and every other end
 * user recalls, and the rewritten tenant-wide item carried that user's words. An extraction now
 * changes only items at its own level (the end user's, else the agent's, or its own thread's) that
 * nobody pinned: only those are offered, and an UPDATE of any other item (offered before it was
 * pinned, say) is written as an ADD at the run's level, the other item kept; a DELETE of one is NONE.
 */

/** A model that is never reached: the agent has a model configured, the test plays the extraction. */
const unreachableModel = { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:9/v1' };

describe.each(databaseModes)('an extraction from one end user’s conversation (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  /** An agent, and a finished run of an end user (alice, a new one per test) on one of its threads, its extraction job pending. */
  async function aliceRun(task: string) {
    const alice = `alice-${randomUUID()}`;
    const { prisma } = test.platform.database;
    const tenantId = principal.tenantId;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId,
      slug: `extract-${randomUUID()}`,
      config: { model: unreachableModel, memoryWriting: { extractFacts: true } },
    });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const thread = await prisma.thread.create({ data: { tenantId, agentId, endUserId: alice } });
    const run = await prisma.run.create({
      data: {
        tenantId,
        agentId,
        agentVersionId: version.id,
        threadId: thread.id,
        status: 'succeeded',
        input: { text: task },
        output: { text: 'Noted.' },
        finishedAt: new Date(),
        episodePending: true,
      },
    });
    await writePendingEpisodes(test.platform.database, test.platform.memoryPort, silentLogger, {
      limit: 50,
      signal: new AbortController().signal,
      models: { gateway: () => new ScriptedModel([], { compaction: ['Episode summary.'] }) } as unknown as ModelConnector,
    });
    return { alice, agentId, runId: run.id };
  }

  const liveAt = (scope: 'project' | 'agent' | 'user', scopeId: string) =>
    test.platform.database.prisma.memoryItem.findMany({
      where: { tenantId: principal.tenantId, scope, scopeId, supersededById: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
      select: { id: true, content: true, key: true },
    });
  /** What another agent's run for end user bob recalls about the hotline. */
  const bobRecalls = async () =>
    (
      await test.platform.memoryPort.search({
        scope: { tenantId: principal.tenantId, agentId: randomUUID(), userId: 'bob' },
        text: 'support hotline number',
        limit: 5,
      })
    )
      .map((hit) => hit.item.content)
      .join('\n');

  it('offers the model only the memories at the run’s own level that nobody pinned', async () => {
    const { alice, agentId, runId } = await aliceRun('The support hotline number is now my cell, 555-0199 (Alice Smith, 12 Elm St)');
    const tenantId = principal.tenantId;
    // Curated by an operator for everyone, pinned; the agent's own, shared by its end users; alice's.
    const curated = await test.platform.memory.store(principal, {
      scope: { level: 'project' },
      kind: 'fact',
      pinned: true,
      content: 'The support hotline number is 800-111-2222',
    });
    const agentFact = await test.platform.memoryPort.storeItem({
      scope: { tenantId, agentId },
      kind: 'fact',
      content: 'The support hotline answers from 9 to 5',
    });
    await test.platform.memoryPort.storeItem({ scope: { tenantId, userId: alice }, kind: 'fact', content: 'Alice calls the support hotline about billing' });
    await test.platform.memoryPort.storeItem({
      scope: { tenantId, userId: alice },
      kind: 'fact',
      pinned: true,
      content: 'Alice prefers the support hotline over email',
    });

    const model = new ScriptedModel([], {
      compaction: [
        (request) => {
          const listing = String(request.messages.at(-1)?.content);
          const line = listing.split('\n').find((candidate) => candidate.includes('Alice calls the support hotline'));
          return {
            text: JSON.stringify({
              decisions: [
                { event: 'UPDATE', id: line!.split('.')[0], text: 'Alice calls the support hotline about billing, from 555-0199', reason: 'said so' },
              ],
            }),
          };
        },
      ],
    });
    const result = await runPendingExtractions(test.platform.database, test.platform.memoryPort, silentLogger, {
      limit: 50,
      signal: new AbortController().signal,
      models: { gateway: () => model },
    });
    expect(result).toEqual({ done: 1, failedAttempts: 0 });

    const listing = String(model.requests[0]!.messages.at(-1)?.content);
    expect(listing).toContain('Alice calls the support hotline about billing');
    expect(listing).not.toContain('800-111-2222');
    expect(listing).not.toContain('answers from 9 to 5');
    expect(listing).not.toContain('over email');
    expect((await liveAt('project', tenantId)).map((item) => item.id)).toEqual([curated.id]);
    expect((await liveAt('agent', agentId)).map((item) => item.id)).toEqual([agentFact.id]);
    expect((await liveAt('user', alice)).map((item) => item.content).sort()).toEqual([
      'Alice calls the support hotline about billing, from 555-0199',
      'Alice prefers the support hotline over email',
    ]);
    expect(await test.platform.database.prisma.memoryDecision.findMany({ where: { runId }, select: { event: true } })).toEqual([{ event: 'update' }]);
    expect(await bobRecalls()).not.toContain('555-0199');
  });

  it('writes an UPDATE of a shared or pinned memory as an ADD at the run’s level, and ignores a DELETE of one', async () => {
    const { alice, agentId, runId } = await aliceRun('The support hotline number is now my cell, 555-0199 (Alice Smith, 12 Elm St)');
    const { prisma } = test.platform.database;
    const tenantId = principal.tenantId;
    const curated = await test.platform.memory.store(principal, {
      scope: { level: 'project' },
      kind: 'fact',
      pinned: true,
      key: 'support.hotline',
      content: 'The support hotline number is 800-111-2222',
    });
    const agentFact = await test.platform.memoryPort.storeItem({
      scope: { tenantId, agentId },
      kind: 'fact',
      content: 'The support hotline answers from 9 to 5',
    });
    const alicePinned = await test.platform.memoryPort.storeItem({
      scope: { tenantId, userId: alice },
      kind: 'fact',
      key: 'user.contact_channel',
      pinned: true,
      content: 'Alice prefers the support hotline over email',
    });
    // Offered when they were not yet pinned or shared, say: the apply holds to the rule by itself.
    const existing = [
      { localId: '0', itemId: curated.id, key: 'support.hotline', content: 'The support hotline number is 800-111-2222' },
      { localId: '1', itemId: agentFact.id, key: null, content: 'The support hotline answers from 9 to 5' },
      { localId: '2', itemId: alicePinned.id, key: 'user.contact_channel', content: 'Alice prefers the support hotline over email' },
    ];
    const source = (await loadEpisodeSource(prisma, runId))!;
    const claim = (await claimExtractionJob(prisma, { runId, attempts: 0 }, 300_000))!;
    const outcome = await applyMemoryDecisions(test.platform.database, test.platform.memoryPort, source, claim, {
      decisions: [
        { event: 'UPDATE', id: '0', text: 'The support hotline number is 555-0199 (Alice Smith, 12 Elm St)', reason: 'user said so' },
        { event: 'DELETE', id: '1', reason: 'user said so' },
        { event: 'UPDATE', id: '2', text: 'Alice prefers email over the support hotline', reason: 'changed her mind' },
      ],
      existing,
      model: 'm',
    });
    expect(outcome).toEqual({ applied: { add: 2, update: 0, delete: 0, none: 1 } });

    // The shared and pinned items are as they were, live (the earlier test's curated item is live as well).
    const projectLevel = await liveAt('project', tenantId);
    expect(projectLevel).toContainEqual({ id: curated.id, key: 'support.hotline', content: 'The support hotline number is 800-111-2222' });
    expect(projectLevel.map((item) => item.content).join('\n')).not.toContain('555-0199');
    expect((await liveAt('agent', agentId)).map((item) => item.id)).toEqual([agentFact.id]);
    // Alice's words went to her own level: under the shared item's key there, and not under the key
    // of her pinned item (which would have replaced it).
    const aliceLevel = await liveAt('user', alice);
    expect(aliceLevel).toHaveLength(3);
    expect(aliceLevel).toEqual(
      expect.arrayContaining([
        { id: alicePinned.id, key: 'user.contact_channel', content: 'Alice prefers the support hotline over email' },
        expect.objectContaining({ key: 'support.hotline', content: 'The support hotline number is 555-0199 (Alice Smith, 12 Elm St)' }),
        expect.objectContaining({ key: null, content: 'Alice prefers email over the support hotline' }),
      ]),
    );
    expect(await bobRecalls()).not.toContain('Alice');

    const decisions = await prisma.memoryDecision.findMany({ where: { runId }, select: { event: true, previousItemId: true, reason: true } });
    expect(decisions).toHaveLength(3);
    expect(decisions).toEqual(
      expect.arrayContaining([
        { event: 'add', previousItemId: null, reason: "UPDATE written as a new memory at this run's level (the memory is pinned; it is kept). user said so" },
        { event: 'none', previousItemId: agentFact.id, reason: 'DELETE skipped: the memory is shared at the agent level. user said so' },
        {
          event: 'add',
          previousItemId: null,
          reason: "UPDATE written as a new memory at this run's level (the memory is pinned; it is kept). changed her mind",
        },
      ]),
    );
  });
});
