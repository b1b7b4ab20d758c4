import type { Prisma } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import type { ApprovalRequest, StepResult } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, ledgeredRunEngine, silentLogger, type TestPlatform } from '../../testing';
import { claimRuns, type ClaimedRun } from '../run-claims';
import { askAboutOutcome } from './ask-about-outcome';
import { persistStep } from './persist-step';

const owner = 'gated-call-collision-test';

/**
 * A gated request is found its ledger row and approval by its call id. An audit asked approval for `close_account`
 * under the id of an earlier `read_account` call: the request was attached to that call's row, the inbox showed
 * `read_account`, and approving it ran `close_account`; with the earlier call's outcome unknown, the request reused
 * the pending question, and answering "it completed" ran `close_account` (ADR 0105). A row or an approval under the
 * id that is not this call's own now fails the commit (`call-id-collision`), with nothing written.
 */
describe.each(databaseModes)('a gated request under the call id of another call (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'citer',
      config: {
        builtinTools: ['record_citation'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Citing.', toolCalls: [{ name: 'record_citation', arguments: { source: 'acct-42' } }] }, { text: 'Done.' }] },
      },
    });
  });
  afterAll(() => test?.dispose());

  type EarlierCall = { id: string; callId: string; name: string; implementationId: string; arguments: Prisma.JsonValue };

  /**
   * Commits step 1 (record_citation runs), lets `before` change what it left, then commits a step asking approval
   * for `request(earlier call)` under the earlier call's id — with `writesAwaitingRow`, also writing the request's
   * ledger row as awaiting its approval, as a step does for a sub-agent's awaiting call. Returns the commit's
   * outcome and what it left behind.
   */
  async function collide(
    request: (earlier: EarlierCall) => ApprovalRequest,
    options: { before?: (runId: string, earlier: EarlierCall) => Promise<void>; writesAwaitingRow?: boolean } = {},
  ) {
    const { prisma, statements } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Cite it.' });
    const [claimed] = await claimRuns(prisma, owner, 1, 3_600_000);
    expect(claimed?.id).toBe(run.id);
    const commit = (result: StepResult) => persistStep(prisma, claimed as ClaimedRun, result, { owner, statements });
    const engine = await ledgeredRunEngine(test.platform.database, claimed!, owner, agentId);
    try {
      const first = await engine.start({ task: 'Cite it.', instanceId: run.id }).step();
      await commit(first);
      const earlier = await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id }, select: { id: true, callId: true, name: true, implementationId: true, arguments: true } });
      await options.before?.(run.id, earlier);
      const asked = request(earlier);
      const awaitingRow = { ...asked, name: asked.toolName, idempotencyKey: `${run.id}:${asked.callId}`, status: 'awaiting-approval' };
      const toolCalls = options.writesAwaitingRow ? [awaitingRow] : [];
      const colliding = { ...first, step: first.step + 1, messages: [], toolCalls, events: [], next: { type: 'approval-request', requests: [asked] } } as unknown as StepResult;
      const written = async () => `${await prisma.step.count({ where: { runId: run.id } })} steps, ${await prisma.runEvent.count({ where: { runId: run.id } })} events`;
      const beforeCommit = await written();
      const outcome = await commit(colliding).then(
        () => 'committed',
        (error: { kind?: unknown; message?: string }) => `refused (${String(error.kind)})`,
      );
      const approvals = await prisma.approval.findMany({ where: { runId: run.id }, select: { status: true, requestReason: true, originalArguments: true } });
      const call = await prisma.toolCall.findUniqueOrThrow({ where: { id: earlier.id }, select: { name: true, status: true } });
      return { outcome, unchanged: (await written()) === beforeCommit, approvals, call };
    } finally {
      await engine.close();
    }
  }

  it('refuses a request for another tool under the id of a call that ran, and shows nothing', async () => {
    const seen = await collide((earlier) => ({ callId: earlier.callId, toolName: 'close_account', arguments: { source: 'acct-42' }, implementationId: 'bank/v1/close_account', sideEffects: 'unsafe' }));
    expect(seen).toEqual({ outcome: 'refused (call-id-collision)', unchanged: true, approvals: [], call: { name: 'record_citation', status: 'succeeded' } });
    expect((await test.platform.approvals.list(principal, { status: 'pending' })).approvals).toEqual([]);
  });

  it('refuses a request for the same tool and arguments under the id of a call that already ran, though the step set its row back to awaiting', async () => {
    const seen = await collide(
      (earlier) => ({
        callId: earlier.callId,
        toolName: earlier.name,
        arguments: earlier.arguments as Record<string, unknown>,
        implementationId: earlier.implementationId,
        sideEffects: 'none',
      }),
      { writesAwaitingRow: true },
    );
    expect(seen).toEqual({ outcome: 'refused (call-id-collision)', unchanged: true, approvals: [], call: { name: 'record_citation', status: 'succeeded' } });
  });

  it('refuses to take the pending question about another call’s outcome as its gate', async () => {
    const seen = await collide(
      (earlier) => ({ callId: earlier.callId, toolName: 'close_account', arguments: { source: 'acct-42' }, implementationId: 'bank/v1/close_account', sideEffects: 'unsafe' }),
      {
        before: async (runId, earlier) => {
          // The earlier call's executor stopped while it ran: its outcome is unknown and an operator is asked.
          await test.platform.database.prisma.$transaction(async (transaction) => {
            await transaction.toolCall.update({ where: { id: earlier.id }, data: { status: 'outcome_unknown', finishedAt: null } });
            await askAboutOutcome(transaction, { id: runId, tenantId: principal.tenantId }, earlier, 'record_citation was running when its executor stopped; approve if it completed, reject if it did not');
          });
        },
      },
    );
    expect(seen.outcome).toBe('refused (call-id-collision)');
    expect(seen.unchanged).toBe(true);
    expect(seen.call).toEqual({ name: 'record_citation', status: 'outcome_unknown' });
    expect(seen.approvals).toEqual([{ status: 'pending', requestReason: expect.stringMatching(/^outcome unknown: record_citation/) as unknown, originalArguments: { source: 'acct-42' } }]);
  });
});
