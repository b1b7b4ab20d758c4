import { databaseModes } from '@agentloom/db/testing';
import type { AgentRun, Engine } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, ledgeredRunEngine, silentLogger, type TestPlatform } from '../../testing';
import { claimRuns, type ClaimedRun } from '../run-claims';
import { persistStep } from './persist-step';

const owner = 'step-committed-row-test';

/**
 * A page following a run draws each timeline row from its `step-committed` event (ADR 0060), so the
 * row the event carries must be the row the database gives afterwards: on the one-statement path
 * (an ordinary step) and on the transaction path (the step that ends the run).
 */
describe.each(databaseModes)('step-committed carries the step’s timeline row (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let claimed: ClaimedRun;
  let engine: Engine;
  let run: AgentRun;

  const prisma = () => test.platform.database.prisma;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'citer',
      config: {
        builtinTools: ['record_citation'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            { text: 'First.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/1' } }] },
            { text: 'Done.' },
          ],
        },
      },
    });
    await test.platform.runs.create(principal, { agentId, input: 'Cite a source.' });
    const [claim] = await claimRuns(prisma(), owner, 1, 3_600_000);
    claimed = claim!;
    engine = await ledgeredRunEngine(test.platform.database, claimed, owner, agentId);
    run = engine.start({ task: 'Cite a source.', instanceId: claimed.id });
  });

  afterAll(async () => {
    await engine?.close();
    await test?.dispose();
  });

  it('each step-committed event’s row equals the step as the timeline reads it', async () => {
    const first = await run.step();
    expect(first.next.type).toBe('run-again');
    await persistStep(prisma(), claimed, first, { owner });
    const last = await run.step();
    expect(last.next.type).toBe('final-output');
    await persistStep(prisma(), claimed, last, { owner });

    const { steps } = await test.platform.runSteps.list(principal, { runId: claimed.id, limit: 100 });
    const events = await prisma().runEvent.findMany({ where: { runId: claimed.id, type: 'step-committed' }, orderBy: { seq: 'asc' }, select: { payload: true } });
    const fromEvents = events.map((event) => {
      const { step, stepId, row } = event.payload as { step: number; stepId: string; row: Record<string, unknown> };
      return { id: stepId, index: step, parentStepId: null, ...row };
    });
    expect(steps.map((step) => step.index)).toEqual([1, 2]);
    expect(steps[0]!.toolCalls).toEqual([{ name: 'record_citation', status: 'succeeded' }]);
    expect(fromEvents).toEqual(steps);
    // Small: the row carries no messages, arguments or results.
    expect(JSON.stringify(events[0]!.payload).length).toBeLessThan(600);
  });
});
