import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { markerOf } from './testing/erase-fixtures';

/**
 * An erase audit found (fixed, ADR 0104, session 40): the outside harness's original symptom, "erase left content in later runs", still
 * reproduces through one hop. Run A tells the agent a secret; run B of the same thread is asked about it
 * and answers with it (its prompt held A's turn as thread history); A is erased. B's copied history turn
 * is redacted, but B's answer is kept (ADR 0104 "left open": a reader's own answer stays), and B's turn is
 * the history every later run of the thread is seeded with. So run C, started after the erase, sends the
 * erased secret to the model. The erase already treats B's answer as tainted everywhere else (it deletes
 * B's episode, turn and facts because "a model that read the erased text may have repeated it").
 */
describe.each(databaseModes)('a later run’s prompt after an erase (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { executor: { recoveryIntervalMs: 300 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;
  const finished = async (agentId: string, threadId: string, input: string): Promise<string> => {
    const { run } = await test.platform.runs.create(principal, { agentId, threadId, input });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('succeeded');
    return run.id;
  };

  it('a run started after the erase is not seeded with a reader’s answer that repeats the erased text', async () => {
    const marker = markerOf('laterprompt');
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `audit-later-${marker}`,
      config: {
        demoScript: {
          replies: [
            { whenTaskIncludes: 'remember', text: 'Noted.' },
            // The scripted model repeats what it read in the thread history, as a real model asked about it would.
            { whenTaskIncludes: 'what is', text: `Your locker code is ${marker}.` },
            { whenTaskIncludes: 'hello', text: 'Hi.' },
          ],
        },
      },
    });
    const thread = await test.platform.threads.create(principal, { agentId });
    const told = await finished(agentId, thread.id, `remember: my locker code is ${marker}`);
    await finished(agentId, thread.id, 'what is my locker code?');

    await test.platform.erase.eraseRun(principal, { runId: told });
    const later = await finished(agentId, thread.id, 'hello again');

    const prompt = await test.platform.database.prisma.message.findMany({ where: { runId: later }, orderBy: { index: 'asc' }, select: { role: true, kind: true, content: true } });
    expect(prompt.filter((message) => message.content.includes(marker))).toEqual([]);
  });
  it('a run whose user typed the redaction mark itself is not taken for a reader: its answer is seeded on', async () => {
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `literal-mark-${markerOf('literal')}`,
      config: { demoScript: { replies: [{ whenTaskIncludes: 'erased', text: 'That is the mark a redaction leaves.' }, { text: 'Hi.' }] } },
    });
    const thread = await test.platform.threads.create(principal, { agentId });
    await finished(agentId, thread.id, '[erased]');
    const later = await finished(agentId, thread.id, 'hello');

    const prompt = await test.platform.database.prisma.message.findMany({ where: { runId: later, kind: 'thread_history' }, select: { content: true } });
    expect(prompt.map((message) => message.content)).toContain('That is the mark a redaction leaves.');
  });
});
