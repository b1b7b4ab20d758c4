import { randomUUID } from 'node:crypto';

import type { PrismaClient } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { estimateTokens } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { loadThreadHistory } from './thread-history';

/** The client, counting every row its reads return (findMany rows, one per findUnique/findFirst, one per count). */
function countingRows(prisma: PrismaClient): { client: PrismaClient; rows: () => number } {
  let rows = 0;
  const client = prisma.$extends({
    query: {
      $allModels: {
        async $allOperations({ args, query }) {
          const result: unknown = await query(args);
          rows += Array.isArray(result) ? result.length : 1;
          return result;
        },
      },
    },
  });
  return { client: client as unknown as PrismaClient, rows: () => rows };
}

describe.each(databaseModes)('thread history of a long thread (%s)', (mode) => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
  });
  afterAll(() => test?.dispose());

  it('seeds a 1,000-turn thread within the token budget, summary included, reading a bounded number of rows', async () => {
    const { prisma } = test.platform.database;
    const tenant = await prisma.tenant.findFirstOrThrow();
    const agent = await prisma.agent.create({ data: { tenantId: tenant.id, slug: `long-${randomUUID()}`, name: 'Long thread' } });
    const version = await prisma.agentVersion.create({ data: { tenantId: tenant.id, agentId: agent.id, version: 1, config: {}, configHash: randomUUID() } });
    const thread = await prisma.thread.create({ data: { tenantId: tenant.id, agentId: agent.id } });
    const base = Date.now() - 2_000_000;
    const turn = (index: number) => ({
      tenantId: tenant.id,
      agentId: agent.id,
      agentVersionId: version.id,
      threadId: thread.id,
      status: 'succeeded' as const,
      input: { text: `Question ${index}: ${'what about the quarterly numbers and the plan '.repeat(4)}` },
      output: { text: `Answer ${index}: ${'the numbers are fine and the plan holds '.repeat(6)}` },
      createdAt: new Date(base + index * 1_000),
    });
    await prisma.run.createMany({ data: Array.from({ length: 1_000 }, (_, index) => turn(index)) });
    const current = await prisma.run.create({ data: { ...turn(1_000), status: 'queued', output: undefined, createdAt: new Date(base + 1_000_000) } });

    const counting = countingRows(prisma);
    const history = await loadThreadHistory(counting.client, { threadId: thread.id, runId: current.id, tokenBudget: 4_000, maxRuns: 50 });
    expect(estimateTokens(history.messages)).toBeLessThanOrEqual(4_000);
    expect(history.messages[1]?.content).toMatch(/^Summary of 9\d\d earlier turn\(s\)/);
    expect(history.messages.at(-1)?.content).toMatch(/^Answer 999:/);
    // The current run, at most 50 earlier runs, one count.
    expect(counting.rows()).toBeLessThanOrEqual(1 + 50 + 1);
    expect(history.sources).toHaveLength(history.messages.length);
  });
});
