import { databaseModes } from '@agentloom/db/testing';
import type { StepResult } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, ledgeredRunEngine, silentLogger, type TestPlatform } from '../../testing';
import { claimRuns } from '../run-claims';
import { persistStep } from './persist-step';

const owner = 'approval-owner-test';

/**
 * An approval is found by its call id. A step that asks approval for a call id whose approval was
 * already decided, or asked with other arguments, is another call under that id (an audit made
 * sub-agents collide so) and its commit fails with nothing written: the decided approval never runs a
 * call nobody saw.
 */
describe.each(databaseModes)('an approval belongs to the call it was asked for (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'gated-citer',
      config: {
        builtinTools: ['record_citation'],
        approvals: { record_citation: 'always' },
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [{ text: 'Citing.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/approved' } }] }, { text: 'Done.' }],
        },
      },
    });
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;
  const commit = (claimed: Awaited<ReturnType<typeof claimRuns>>[number], result: StepResult) =>
    persistStep(prisma(), claimed, result, { owner, statements: test.platform.database.statements });

  it('a step asking approval under a call id already decided, for other arguments, is refused whole', async () => {
    const { run: created } = await test.platform.runs.create(principal, { agentId, input: 'Cite it.' });
    const [claimed] = await claimRuns(prisma(), owner, 1, 3_600_000);
    const engine = await ledgeredRunEngine(test.platform.database, claimed!, owner, agentId);
    try {
      const paused = await engine.start({ task: 'Cite it.', instanceId: created.id }).step();
      expect(paused.next).toMatchObject({ type: 'approval-request', requests: [{ arguments: { source: 'https://example.org/approved' } }] });
      await commit(claimed!, paused);
      const [approval] = (await test.platform.approvals.list(principal, { runId: created.id, status: 'pending' })).approvals;
      expect(approval).toBeDefined();
      await test.platform.approvals.decide(principal, { approvalId: approval!.id, decision: 'approve' });

      // Claimed again after the decision: a step asks approval under the decided call id, for other arguments.
      const [again] = await claimRuns(prisma(), owner, 1, 3_600_000);
      expect(again?.id).toBe(created.id);
      const request = paused.next.type === 'approval-request' ? paused.next.requests[0]! : undefined;
      const colliding = {
        ...paused,
        step: paused.step + 1,
        next: { type: 'approval-request', requests: [{ ...request!, arguments: { source: 'https://evil.example/unseen' } }] },
      } as StepResult;
      const stepsBefore = await prisma().step.count({ where: { runId: created.id } });
      const eventsBefore = await prisma().runEvent.count({ where: { runId: created.id } });
      await expect(commit(again!, colliding)).rejects.toThrow(/already approved .*refusing to reuse it/);
      expect(await prisma().step.count({ where: { runId: created.id } })).toBe(stepsBefore);
      expect(await prisma().runEvent.count({ where: { runId: created.id } })).toBe(eventsBefore);
      expect(await prisma().approval.findUniqueOrThrow({ where: { id: approval!.id }, select: { status: true, originalArguments: true } })).toEqual({
        status: 'approved',
        originalArguments: { source: 'https://example.org/approved' },
      });
    } finally {
      await engine.close();
    }
  });
  it('a step asking approval under a call id still pending for other arguments is refused whole too', async () => {
    const { run: created } = await test.platform.runs.create(principal, { agentId, input: 'Cite it.' });
    const [claimed] = await claimRuns(prisma(), owner, 1, 3_600_000);
    const engine = await ledgeredRunEngine(test.platform.database, claimed!, owner, agentId);
    try {
      const paused = await engine.start({ task: 'Cite it.', instanceId: created.id }).step();
      await commit(claimed!, paused);
      // The run held by its executor again, its approval still pending (a state only a collision reaches).
      await prisma().run.update({
        where: { id: created.id },
        data: { status: 'running', leaseOwner: owner, leaseExpiresAt: new Date(Date.now() + 3_600_000) },
      });
      const request = paused.next.type === 'approval-request' ? paused.next.requests[0]! : undefined;
      const colliding = {
        ...paused,
        step: paused.step + 1,
        next: { type: 'approval-request', requests: [{ ...request!, arguments: { source: 'https://evil.example/unseen' } }] },
      } as StepResult;
      await expect(commit(claimed!, colliding)).rejects.toThrow(/already pending .*refusing to reuse it/);
      const [approval] = (await test.platform.approvals.list(principal, { runId: created.id, status: 'pending' })).approvals;
      expect(approval?.originalArguments).toEqual({ source: 'https://example.org/approved' });
    } finally {
      await engine.close();
    }
  });
});
