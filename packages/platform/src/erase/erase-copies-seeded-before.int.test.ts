import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { markerOf } from './testing/erase-fixtures';

/**
 * Left open in session 40, closed here (ADR 0104): a run seeded, *before* the erase, with the thread-history
 * turn of a reader (a run whose answer repeats the erased content) kept that copy in its prompt. The erase
 * redacted the reader's own copies of the erased run and left out the reader's answer from every later
 * seeding, but a copy already made stayed: the console showed it, and the run's episode and facts were
 * written from it. Such a copy is a reader's copy too: it is redacted, and the run holding it is a reader
 * (its episode goes, a later seeding leaves its answer out), as for the forget of a memory item.
 */
describe.each(databaseModes)('copies of a reader’s answer made before the erase (%s)', (mode) => {
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
  const messagesOf = (runId: string) => test.platform.database.prisma.message.findMany({ where: { runId }, orderBy: { index: 'asc' }, select: { role: true, content: true } });
  const memoryOf = (runId: string) => test.platform.database.prisma.memoryItem.findMany({ where: { sourceRunId: runId }, select: { kind: true, content: true } });
  /** Every memory item the run wrote, once extraction has had its turn (an episode per finished run). */
  const settledMemoryOf = async (runId: string) => {
    await expect.poll(async () => (await memoryOf(runId)).some((item) => item.kind === 'episode'), { timeout: 60_000 }).toBe(true);
    return memoryOf(runId);
  };
  const holding = (rows: readonly { content: string }[], marker: string) => rows.filter((row) => row.content.includes(marker));

  it('erase: a later run seeded before the erase with a reader’s answer loses that copy, and its own answer is not seeded on', async () => {
    const marker = markerOf('seededbefore');
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `seeded-before-${marker}`,
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
    const reader = await finished(agentId, thread.id, 'what is my locker code?');
    // Seeded before the erase: its prompt holds the reader's answer as a history turn.
    const seeded = await finished(agentId, thread.id, 'hello there');
    expect(holding(await messagesOf(seeded), marker)).not.toEqual([]);
    await settledMemoryOf(seeded);

    const receipt = await test.platform.erase.eraseRun(principal, { runId: told });

    expect(holding(await messagesOf(seeded), marker)).toEqual([]);
    // What the seeded run wrote from its prompt (its episode) went with the copy.
    expect(holding(await memoryOf(seeded), marker)).toEqual([]);
    // Its question stays: only the copied answer held the content.
    expect((await messagesOf(seeded)).some((message) => message.role === 'user' && message.content === 'what is my locker code?')).toBe(true);
    // The reader's own answer stays its output (ADR 0104); the receipt counts the copies redacted.
    expect((await test.platform.runs.get(principal, { runId: reader })).output).toEqual({ text: `Your locker code is ${marker}.` });
    // The reader's and the seeded run's copies of the erased run (a question and an answer each), and the seeded run's copy of the reader's answer.
    expect(receipt.counts['messages_redacted']).toBe(5);

    const later = await finished(agentId, thread.id, 'hello again');
    expect(holding(await messagesOf(later), marker)).toEqual([]);
    // Outward: whatever still holds the text is the reader's own output (its answer, its events), nothing of another run.
    const { sql } = test.platform.database;
    const holders = async (table: string, column: string, runColumn: string) =>
      (await sql.query<{ run_id: string }>(`SELECT DISTINCT ${runColumn}::text AS run_id FROM ${table} WHERE ${column}::text LIKE '%' || $1 || '%'`, marker)).map((row) => row.run_id);
    expect(await holders('messages', 'content', 'run_id')).toEqual([reader]);
    expect(await holders('run_events', 'payload', 'run_id')).toEqual([reader]);
    expect(await holders('runs', 'output', 'id')).toEqual([reader]);
    expect(await holders('memory_items', 'content', 'source_run_id')).toEqual([]);
    expect(await holders('checkpoints', 'state', 'run_id')).toEqual([]);
  });

  it('forget: a run seeded with the answer of a run that read the forgotten item loses that copy and what it wrote from it', async () => {
    const marker = markerOf('seededforget');
    const endUserId = `user-${marker}`;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `seeded-forget-${marker}`,
      config: {
        demoScript: {
          replies: [
            { whenTaskIncludes: 'recall', toolCalls: [{ name: 'memory_search', arguments: { query: 'safe combination' } }] },
            { whenTaskIncludes: 'recall', text: `The combination is ${marker}.` },
            { whenTaskIncludes: 'hello', text: 'Hi.' },
          ],
        },
      },
    });
    const item = await test.platform.memory.store(principal, { scope: { level: 'user', id: endUserId }, kind: 'fact', content: `The safe combination is ${marker}` });
    const thread = await test.platform.threads.create(principal, { agentId, endUserId });
    await finished(agentId, thread.id, 'please recall the combination');
    const seeded = await finished(agentId, thread.id, 'hello there');
    expect(holding(await messagesOf(seeded), marker)).not.toEqual([]);
    await settledMemoryOf(seeded);

    await test.platform.memory.forget(principal, { memoryItemId: item.id });

    expect(holding(await messagesOf(seeded), marker)).toEqual([]);
    expect(holding(await memoryOf(seeded), marker)).toEqual([]);
    const later = await finished(agentId, thread.id, 'hello again');
    expect(holding(await messagesOf(later), marker)).toEqual([]);
  });
});
