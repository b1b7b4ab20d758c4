import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { completedExperiment } from './experiment-test-helpers';

/**
 * Regex scorers and JSON Schema patterns are tenant-chosen and run on RE2 (no catastrophic
 * backtracking; the unit test covers that in a child process). Patterns RE2 cannot run are refused
 * when an experiment is created; one saved before that still scores, as a failed case.
 */
describe.each(databaseModes)('regex and json-schema scorers on RE2 (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const dataset = `regex-${mode}`;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'answers',
      config: { instructions: 'Answer.', demoScript: { replies: [{ text: '{"order":"A1","status":"refunded"}' }] } },
    });
    await test.platform.datasets.create(principal, { name: dataset });
    await test.platform.datasets.importCases(principal, { name: dataset, jsonl: JSON.stringify({ input: 'Refund A1' }) });
  }, 300_000);
  afterAll(() => test?.dispose());

  const refusal = async (scorers: unknown[]): Promise<unknown> => {
    try {
      await test.platform.experiments.create(principal, { dataset, agentId, agentVersion: 1, scorers });
      return 'created';
    } catch (error) {
      const { kind, field } = error as { kind?: string; field?: string };
      return { kind: kind ?? (error as Error).constructor.name, field };
    }
  };

  it('refuses backreferences and lookaround at creation, naming the field', async () => {
    expect({
      backreference: await refusal([{ type: 'exact' }, { type: 'regex', pattern: '("?)A1\\1' }]),
      lookahead: await refusal([{ type: 'regex', pattern: 'A1(?=")' }]),
      lookbehind: await refusal([{ type: 'regex', pattern: '(?<=")A1' }]),
      schemaPattern: await refusal([{ type: 'json-schema', schema: { type: 'object', properties: { order: { type: 'string', pattern: '^(?!B)' } } } }]),
    }).toEqual({
      backreference: { kind: 'validation', field: 'scorers.1.pattern' },
      lookahead: { kind: 'validation', field: 'scorers.0.pattern' },
      lookbehind: { kind: 'validation', field: 'scorers.0.pattern' },
      schemaPattern: { kind: 'validation', field: 'scorers.0.schema' },
    });
    expect(await test.platform.database.prisma.evalExperiment.count({ where: { tenantId: principal.tenantId } })).toBe(0);
  });

  it('scores in the executor on RE2; a stored pattern RE2 cannot run fails its case with the reason', async () => {
    const created = await test.platform.experiments.create(principal, {
      dataset,
      agentId,
      agentVersion: 1,
      scorers: [
        { type: 'regex', pattern: '"order":"[A-Z]\\d+"' },
        { type: 'json-schema', schema: { type: 'object', properties: { order: { type: 'string', pattern: '^[A-Z]\\d+$' } }, required: ['order'] } },
      ],
    });
    // As an experiment saved before patterns ran on RE2 would hold them (the executor has not started yet).
    const { prisma } = test.platform.database;
    const stored = await prisma.evalExperiment.findUniqueOrThrow({ where: { id: created.id }, select: { scorers: true } });
    await prisma.evalExperiment.update({
      where: { id: created.id },
      data: {
        scorers: [
          ...(stored.scorers as object[]),
          { type: 'regex', pattern: '("?)A1\\1', flags: '' },
          { type: 'json-schema', schema: { type: 'object', properties: { order: { type: 'string', pattern: '(?<=")A1' } } } },
        ],
      },
    });
    await test.platform.executor.start();
    // Scored by the executor in the replay run's last transaction, before anyone reads the experiment.
    await expect
      .poll(async () => (await prisma.evalResult.findFirstOrThrow({ where: { experimentId: created.id }, select: { status: true } })).status, {
        timeout: 60_000,
      })
      .toBe('failed');
    const view = await completedExperiment(test, principal, created.id);
    const scores = view.results[0]!.scores.filter((score) => score.scorer === 'regex' || score.scorer === 'json-schema');
    expect(scores.map((score) => [score.scorer, score.passed])).toEqual([
      ['regex', true],
      ['json-schema', true],
      ['regex', false],
      ['json-schema', false],
    ]);
    expect(scores[2]!.explanation).toMatch(/^pattern \/\("\?\)A1\\1\/ cannot be run: .*RE2/);
    expect(scores[3]!.explanation).toMatch(/^the schema cannot be used: .*RE2/);
    expect(view.results[0]!.status).toBe('failed');
  });
});
