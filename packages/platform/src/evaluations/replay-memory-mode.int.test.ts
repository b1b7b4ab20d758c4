import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import type { ExperimentView } from './experiment-view';
import { defineScorer } from './scoring/custom-scorer';
import { completedExperiment } from './experiment-test-helpers';

/** Reports the keys of the memory the replay read, so the scoring-on-read path (custom scorers) is checked too. */
const scorers = [
  defineScorer({
    name: 'memory-keys',
    description: 'Lists the keys of the memory read.',
    score: (input) => ({ passed: true, value: 1, explanation: input.memoryRead.map((item) => item.key ?? item.id).join(',') }),
  }),
];

/**
 * An experiment's memory mode (issue 17): `recorded` serves the replay's memory reads from the case's
 * recorded injections; `live` reads the tenant's memory as it is now, and the memory scorers judge
 * what the run itself read. In both modes the memory store is unchanged by the replays.
 */
describe.each(databaseModes)('replay memory mode (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let oldCity: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { scorers });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    // Injects memory before its first model call; minScore 0 takes every live hit up to three.
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'recalls',
      config: { instructions: 'Answer.', memoryInjection: { maxMemories: 3, minScore: 0 }, demoScript: { replies: [{ text: 'Lyon, in French.' }] } },
    });
    const scope = { level: 'agent' as const, id: agentId };
    oldCity = (await test.platform.memory.store(principal, { scope, kind: 'fact', key: 'customer.city', content: 'The customer lives in Paris.' })).id;
    // What the tenant's memory holds now: the city was corrected, and a language was learned.
    await test.platform.memory.store(principal, { scope, kind: 'fact', key: 'customer.city', content: 'The customer lives in Lyon.' });
    await test.platform.memory.store(principal, { scope, kind: 'fact', key: 'customer.language', content: 'The customer writes French.' });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  async function experiment(name: string, memoryMode: 'recorded' | 'live' | undefined, withCustomScorer: boolean): Promise<ExperimentView> {
    const created = await test.platform.experiments.create(principal, {
      dataset: name,
      agentId,
      agentVersion: 1,
      ...(memoryMode ? { memoryMode } : {}),
      scorers: [{ type: 'memory-superseded' }, { type: 'memory-expected', keys: ['customer.language'] }, ...(withCustomScorer ? [{ type: 'custom' as const, name: 'memory-keys' }] : [])],
    });
    return completedExperiment(test, principal, created.id);
  }

  async function liveMemory(): Promise<string[]> {
    const items = await test.platform.database.prisma.memoryItem.findMany({ where: { tenantId: principal.tenantId }, orderBy: { createdAt: 'asc' }, select: { content: true, supersededById: true } });
    return items.map((item) => `${item.content}${item.supersededById ? ' (superseded)' : ''}`);
  }

  it('recorded (the default) reads the recorded injections; live reads the memory now and is judged by what it read, on both scoring paths', async () => {
    const name = `memory-mode-${mode}`;
    await test.platform.datasets.create(principal, { name });
    // The recorded run was given the old city only.
    const memoryInjections = [{ id: oldCity, kind: 'fact', key: 'customer.city', content: 'The customer lives in Paris.' }];
    await test.platform.datasets.importCases(principal, { name, jsonl: JSON.stringify({ input: 'Where does the customer live, and in which language do they write?', memoryInjections }) });
    const before = await liveMemory();

    const recorded = await experiment(name, undefined, false);
    expect(recorded.memoryMode).toBe('recorded');
    expect(recorded.results[0]!.scores.slice(0, 2).map((score) => [score.scorer, score.passed, score.explanation])).toEqual([
      ['memory-superseded', false, expect.stringMatching(/^recalled superseded memory: customer\.city \("The customer lives in Paris\."/) as unknown],
      ['memory-expected', false, 'missed expected memory: key customer.language'],
    ]);

    // Scored in the run's last commit (no custom scorer): the facts statement reads the run's own memory reads.
    const live = await experiment(name, 'live', false);
    expect(live.memoryMode).toBe('live');
    expect(live.results[0]!.scores.slice(0, 2).map((score) => [score.scorer, score.passed, score.explanation])).toEqual([
      ['memory-superseded', true, 'none of the 2 memory item(s) read is superseded'],
      ['memory-expected', true, 'all 1 expected memory item(s) were read'],
    ]);
    const injected = await test.platform.database.prisma.memoryInjection.findMany({ where: { runId: live.results[0]!.runId }, select: { memoryItem: { select: { key: true, supersededById: true } } } });
    expect(injected.map((row) => row.memoryItem.key).sort()).toEqual(['customer.city', 'customer.language']);
    expect(injected.every((row) => row.memoryItem.supersededById === null)).toBe(true);

    // Scored on read (a custom scorer): the same memory, read through the Prisma client.
    const liveOnRead = await experiment(name, 'live', true);
    expect(liveOnRead.results[0]!.scores.slice(0, 3).map((score) => [score.scorer, score.passed])).toEqual([
      ['memory-superseded', true],
      ['memory-expected', true],
      ['custom:memory-keys', true],
    ]);
    expect(liveOnRead.results[0]!.scores[2]!.explanation.split(',').sort()).toEqual(['customer.city', 'customer.language']);
    const recordedOnRead = await experiment(name, 'recorded', true);
    expect(recordedOnRead.results[0]!.scores[2]!.explanation).toBe('customer.city');

    // No replay, in either mode, wrote to the tenant's memory.
    expect(await liveMemory()).toEqual(before);
  });

  it('refuses an unknown memory mode, naming the field', async () => {
    const name = `memory-mode-refused-${mode}`;
    await test.platform.datasets.create(principal, { name });
    await test.platform.datasets.importCases(principal, { name, jsonl: JSON.stringify({ input: 'Hi' }) });
    await expect(test.platform.experiments.create(principal, { dataset: name, agentId, agentVersion: 1, memoryMode: 'fresh' as 'live' })).rejects.toMatchObject({ kind: 'validation', field: 'memoryMode' });
  });
});
