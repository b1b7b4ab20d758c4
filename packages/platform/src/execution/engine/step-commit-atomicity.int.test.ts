import { databaseModes } from '@agentloom/db/testing';
import type { AgentRun, Engine, StepResult } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, ledgeredRunEngine, silentLogger, type TestPlatform } from '../../testing';
import { claimRuns, type ClaimedRun } from '../run-claims';
import { persistStep } from './persist-step';

const owner = 'atomicity-test';

/**
 * A step commit is one statement (or, for a step that ends the run, one transaction): when its last
 * write fails, nothing of the step is left — no step row, message, ledger link, checkpoint (nor the
 * prune of the previous one), event, sequence number or run change. The failure is injected with a
 * trigger that refuses the step's last write, the `step-committed` / `run-finished` event. The ordinary
 * step goes through the driver (`Database.statements`), as the executor sends it (ADR 0072).
 */
describe.each(databaseModes)('a step commit is atomic (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let claimed: ClaimedRun;
  let engine: Engine;
  let run: AgentRun;

  const prisma = () => test.platform.database.prisma;

  /** Everything a step commit touches, as counts and the run's columns. */
  async function snapshot() {
    const runId = claimed.id;
    const [steps, messages, checkpoints, events, linkedCalls, row] = await Promise.all([
      prisma().step.findMany({ where: { runId }, select: { index: true }, orderBy: { index: 'asc' } }),
      prisma().message.count({ where: { runId } }),
      prisma().checkpoint.findMany({ where: { runId }, select: { seq: true }, orderBy: { seq: 'asc' } }),
      prisma().runEvent.findMany({ where: { runId }, select: { seq: true, type: true }, orderBy: { seq: 'asc' } }),
      prisma().toolCall.count({ where: { runId, stepId: { not: null } } }),
      prisma().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, stepCount: true, modelCalls: true, toolCallCount: true, nextEventSeq: true, leaseOwner: true, finishedAt: true, episodePending: true } }),
    ]);
    return { steps: steps.map((step) => step.index), messages, checkpoints: checkpoints.map((checkpoint) => checkpoint.seq), events, linkedCalls, run: row };
  }

  async function refuseEvent(type: string): Promise<void> {
    await prisma().$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_refuse_event() RETURNS trigger AS $$
      BEGIN
        IF NEW.type = '${type}' THEN RAISE EXCEPTION 'refused by the atomicity test'; END IF;
        RETURN NEW;
      END; $$ LANGUAGE plpgsql`);
    await prisma().$executeRawUnsafe('CREATE TRIGGER test_refuse_event BEFORE INSERT ON run_events FOR EACH ROW EXECUTE FUNCTION test_refuse_event()');
  }

  async function allowEvents(): Promise<void> {
    await prisma().$executeRawUnsafe('DROP TRIGGER IF EXISTS test_refuse_event ON run_events');
  }

  async function stepAndCommit(): Promise<StepResult> {
    const result = await run.step();
    await persistStep(prisma(), claimed, result, { owner, statements: test.platform.database.statements });
    return result;
  }

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
            { text: 'Second.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/2' } }] },
            { text: 'Done.' },
          ],
        },
      },
    });
    await test.platform.runs.create(principal, { agentId, input: 'Cite two sources.' });
    const [claim] = await claimRuns(prisma(), owner, 1, 3_600_000);
    claimed = claim!;
    engine = await ledgeredRunEngine(test.platform.database, claimed, owner, agentId);
    run = engine.start({ task: 'Cite two sources.', instanceId: claimed.id });
  });

  afterAll(async () => {
    await engine?.close();
    await test?.dispose();
  });

  it('leaves no trace of an ordinary step whose single statement fails at its last write, and commits it on retry', async () => {
    const first = await stepAndCommit();
    expect(first.next.type).toBe('run-again');
    const before = await snapshot();
    expect(before.steps).toEqual([1]);
    expect(before.checkpoints).toEqual([1]);

    const second = await run.step();
    expect(second.next.type).toBe('run-again');
    await refuseEvent('step-committed');
    try {
      await expect(persistStep(prisma(), claimed, second, { owner, statements: test.platform.database.statements })).rejects.toThrow(/refused by the atomicity test/);
    } finally {
      await allowEvents();
    }
    // The statement wrote step 2, its messages, linked its tool call, stored checkpoint 2 and pruned
    // checkpoint 1, bumped the usage and the event sequence, and inserted its first events before it failed.
    expect(await snapshot()).toEqual(before);

    await persistStep(prisma(), claimed, second, { owner, statements: test.platform.database.statements });
    const after = await snapshot();
    expect(after.steps).toEqual([1, 2]);
    expect(after.checkpoints).toEqual([2]);
    expect(after.messages).toBeGreaterThan(before.messages);
    expect(after.linkedCalls).toBe(before.linkedCalls + 1);
    expect(after.run.stepCount).toBe(2);
    expect(after.events.map((event) => event.seq)).toEqual(after.events.map((_, index) => index + 1));
    expect(after.run.nextEventSeq).toBe(after.events.length + 1);
  });

  it('leaves no trace of a step that ends the run when its transaction fails at its last write', async () => {
    const final = await run.step();
    expect(final.next.type).toBe('final-output');
    const before = await snapshot();
    await refuseEvent('run-finished');
    try {
      await expect(persistStep(prisma(), claimed, final, { owner })).rejects.toThrow(/refused by the atomicity test/);
    } finally {
      await allowEvents();
    }
    expect(await snapshot()).toEqual(before);
    expect(before.run.status).toBe('running');

    await persistStep(prisma(), claimed, final, { owner });
    const after = await snapshot();
    expect(after.run).toMatchObject({ status: 'succeeded', leaseOwner: null, episodePending: true, stepCount: 3 });
    expect(after.events.at(-1)?.type).toBe('run-finished');
    expect(after.events.map((event) => event.seq)).toEqual(after.events.map((_, index) => index + 1));
  });
});
