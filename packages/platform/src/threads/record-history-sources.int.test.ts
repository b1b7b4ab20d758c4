import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import type { StepResult } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { recordHistorySources } from './record-history-sources';

describe.each(databaseModes)('thread-history sources (%s)', (mode) => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
  });
  afterAll(() => test?.dispose());

  it('records the source runs of each copied message, and redacts a copy whose source was erased after the history was read', async () => {
    const { prisma } = test.platform.database;
    const tenant = await prisma.tenant.findFirstOrThrow();
    const agent = await prisma.agent.create({ data: { tenantId: tenant.id, slug: `sources-${randomUUID()}`, name: 'Sources' } });
    const version = await prisma.agentVersion.create({ data: { tenantId: tenant.id, agentId: agent.id, version: 1, config: {}, configHash: randomUUID() } });
    const thread = await prisma.thread.create({ data: { tenantId: tenant.id, agentId: agent.id } });
    const runOf = (text: string, status: 'succeeded' | 'running') =>
      prisma.run.create({ data: { tenantId: tenant.id, agentId: agent.id, agentVersionId: version.id, threadId: thread.id, status, input: { text } } });
    const [kept, erased, later] = [await runOf('kept question', 'succeeded'), await runOf('erased question', 'succeeded'), await runOf('later', 'running')];
    const contents = ['system', 'later', 'kept question', 'kept answer', 'erased question', 'erased answer'];
    await prisma.message.createMany({
      data: contents.map((content, index) => ({ tenantId: tenant.id, runId: later.id, threadId: thread.id, index, role: index === 0 ? 'system' : index % 2 === 0 ? 'user' : 'assistant', content })),
    });
    // The erased run goes between reading the history and committing the step that copied it.
    await prisma.run.delete({ where: { id: erased.id } });
    const result = { messages: contents.map((content, index) => ({ index, message: { role: 'user', content } })) } as unknown as StepResult;
    await prisma.$transaction((transaction) => recordHistorySources(transaction, later.id, result, [[kept.id], [kept.id], [erased.id], [erased.id]]));

    const rows = await prisma.message.findMany({ where: { runId: later.id, index: { gte: 2 } }, orderBy: { index: 'asc' } });
    expect(rows.map((row) => [row.content, row.sourceRunIds])).toEqual([
      ['kept question', [kept.id]],
      ['kept answer', [kept.id]],
      ['[erased]', []],
      ['[erased]', []],
    ]);
  });
});
