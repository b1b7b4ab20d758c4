import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createAndClaimRuns, createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';
import type { ClaimedRun } from '../run-claims';
import { toolCallFinishedStatement, toolCallStartingStatement } from './tool-ledger-sql';

const owner = 'durability-test';
type Runner = Parameters<typeof toolCallStartingStatement>[0];

/**
 * ADR 0085: a ledger write commits without waiting for its WAL flush only for a call that may run again
 * after a crash anyway (`none`, `idempotent`); an `unsafe` call's `running` row is flushed before its
 * handler may start. Each write is called inside an explicit transaction here, so the setting it chose
 * for its commit can be read before that transaction ends (the executor sends each as its own).
 */
describe.each(databaseModes)('ledger writes and the WAL flush (%s)', (mode) => {
  let test: TestPlatform;
  let claimed: ClaimedRun;
  let callNumber = 0;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    const principal: Principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'ledger-durability',
      name: 'Ledger durability',
      config: { builtinTools: [], completion: { verify: false, requireToolEvidence: false }, demoScript: { replies: [{ text: 'Done.' }] } },
    });
    claimed = (await createAndClaimRuns(test.platform, principal, { agentId, owner, count: 1 }))[0]!;
  });
  afterAll(() => test?.dispose());

  /** Runs one ledger write in a transaction and reads `synchronous_commit` before it ends; `commit` keeps its rows. */
  async function commitSettingAfter(write: (runner: Runner) => Promise<unknown>, commit: boolean): Promise<string> {
    const marker = new Error('roll back');
    let setting = '';
    await test.platform.database.prisma
      .$transaction(async (transaction) => {
        await write(transaction);
        setting = (await transaction.$queryRawUnsafe<{ synchronous_commit: string }[]>('SHOW synchronous_commit'))[0]!.synchronous_commit;
        if (!commit) throw marker;
      })
      .catch((error: unknown) => {
        if (error !== marker) throw error;
      });
    return setting;
  }

  const starting = (callId: string, sideEffects: string, override: { owner?: string } = {}) => (runner: Runner) =>
    toolCallStartingStatement(runner, {
      runId: claimed.id,
      tenantId: claimed.tenantId,
      owner: override.owner ?? owner,
      attempt: claimed.attempt,
      now: new Date().toISOString(),
      id: crypto.randomUUID(),
      callId,
      name: `tool_${sideEffects}`,
      implementationId: `test-tools/v1/${sideEffects}`,
      sideEffects,
      arguments: {},
      idempotencyKey: `${claimed.id}:${callId}`,
    });

  const finished = (callId: string) => (runner: Runner) =>
    toolCallFinishedStatement(runner, {
      runId: claimed.id,
      owner,
      attempt: claimed.attempt,
      now: new Date().toISOString(),
      callId,
      status: 'succeeded',
      result: { content: 'ok', isError: false, data: null },
    });

  it.each([
    ['none', 'off'],
    ['idempotent', 'off'],
    ['unsafe', 'on'],
  ])('a %s call: the start commits with synchronous_commit %s, and so does its end', async (sideEffects, expected) => {
    callNumber += 1;
    const callId = `call-${sideEffects}-${callNumber}`;
    expect(await commitSettingAfter(starting(callId, sideEffects), true)).toBe(expected);
    // The end reads the side effects from the call's row, not from its caller.
    expect(await commitSettingAfter(finished(callId), false)).toBe(expected);
  });

  it('a write that is fenced out or finds no call keeps the flush', async () => {
    expect(await commitSettingAfter(finished('never-started'), false)).toBe('on');
    expect(await commitSettingAfter(starting('fenced', 'none', { owner: 'someone-else' }), false)).toBe('on');
  });
});
