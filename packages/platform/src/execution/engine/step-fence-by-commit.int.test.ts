import { databaseModes } from '@agentloom/db/testing';
import { AbortedError, type AgentRun, type Engine } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { agentVersionConfigSchema } from '../../agents/agent-version-config';
import { ModelConnector } from '../../outbound/model-connector';
import { SecretBox } from '../../secrets/secret-box';
import { createTestAgent, createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../../testing';
import { ToolCatalog } from '../../tools/tool-catalog';
import { runEventsChannel } from '../../events/run-event';
import { RunEventWatchers } from '../../events/run-event-watchers';
import { LeaseLostError } from '../lease-lost-error';
import { claimRuns, type ClaimedRun } from '../run-claims';
import { buildRunEngine } from './build-run-engine';
import { createCancelFenceHooks, type CancelFenceHooks } from './cancel-fence-hooks';
import { persistStep } from './persist-step';
import { commitStepStatement } from './step-commit-sql';
import { stepCommittedPayload } from './step-committed-payload';
import { stepEventsOf, usageCountsOf } from './step-usage';
import { createToolLedgerHooks } from './tool-ledger-hooks';
import { stepRowsDocument } from './write-step-rows';

const owner = 'fence-test';

/**
 * The step commit is the step's one lease fence (ADR 0016), and — when it commits an ordinary step —
 * the next model call's cancel check (ADR 0072): the fence, the usage and the event sequence are one
 * UPDATE of the run that writes nothing unless this attempt holds the lease and no cancel committed.
 * Statements go through the driver, as the executor sends them.
 */
describe.each(databaseModes)('the step commit fences the step and the next model call (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let claimed: ClaimedRun;
  let engine: Engine;
  let run: AgentRun;
  let fence: CancelFenceHooks;

  const prisma = () => test.platform.database.prisma;
  const statements = () => test.platform.database.statements;

  async function runState() {
    const runId = claimed.id;
    const [steps, events, row] = await Promise.all([
      prisma().step.count({ where: { runId } }),
      prisma().runEvent.count({ where: { runId } }),
      prisma().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, stepCount: true, modelCalls: true, inputTokens: true, nextEventSeq: true } }),
    ]);
    return { steps, events, run: row };
  }

  async function setCancelRequested(requested: boolean): Promise<void> {
    // Committed without the NOTIFY a cancel sends: only the fenced checks can see it.
    await prisma().$executeRawUnsafe(`UPDATE runs SET cancel_requested_at = ${requested ? 'now()' : 'NULL'} WHERE id = $1::uuid`, claimed.id);
  }

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'fenced-citer',
      config: {
        builtinTools: ['record_citation'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            { text: 'First.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/1' } }] },
            { text: 'Second.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/2' } }] },
            { text: 'Third.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/3' } }] },
            { text: 'Done.' },
          ],
        },
      },
    });
    await test.platform.runs.create(principal, { agentId, input: 'Cite two sources.' });
    const [claim] = await claimRuns(prisma(), owner, 1, 3_600_000);
    claimed = claim!;
    const version = await prisma().agentVersion.findFirstOrThrow({ where: { agentId } });
    const holder: { engine?: Engine } = {};
    fence = createCancelFenceHooks(statements(), claimed, owner);
    const ledger = createToolLedgerHooks(statements(), claimed, owner, () => holder.engine!.services.registry);
    engine = buildRunEngine({ runId: claimed.id, agentId, versionId: version.id, config: agentVersionConfigSchema.parse(version.config), tools: new ToolCatalog(), hooks: [fence, ledger], models: new ModelConnector(fetch, new SecretBox(testSecretKey)) });
    holder.engine = engine;
    run = engine.start({ task: 'Cite two sources.', instanceId: claimed.id });
  });

  afterAll(async () => {
    await engine?.close();
    await test?.dispose();
  });

  it('writes nothing for a lost lease or a committed cancel, and says which; commits once both are clear', async () => {
    const result = await run.step();
    expect(result.next.type).toBe('run-again');
    const rows = stepRowsDocument(claimed, result, new Date());
    const document = { ...rows, owner, attempt: claimed.attempt, usage: usageCountsOf(result), events: stepEventsOf(result), stepCommitted: stepCommittedPayload(rows, result, false) };
    const before = await runState();

    expect(await commitStepStatement(statements(), { ...document, owner: 'zombie' })).toEqual({ outcome: 'lease-lost' });
    expect(await commitStepStatement(statements(), { ...document, attempt: claimed.attempt + 1 })).toEqual({ outcome: 'lease-lost' });
    await expect(persistStep(prisma(), claimed, result, { owner: 'zombie', statements: statements() })).rejects.toBeInstanceOf(LeaseLostError);
    await setCancelRequested(true);
    expect(await commitStepStatement(statements(), document)).toEqual({ outcome: 'cancel-requested' });
    expect(await runState()).toEqual(before);

    await setCancelRequested(false);
    const committed = await persistStep(prisma(), claimed, result, { owner, statements: statements() });
    expect(committed.fenceConfirmed).toBe(true);
    const after = await runState();
    expect(after.steps).toBe(1);
    expect(after.run.stepCount).toBe(before.run.stepCount + 1);
    expect(after.run.modelCalls).toBe(before.run.modelCalls + 1);
    // Events at the sequence the fence allocated: gap-free, the run's counter one past the last.
    const seqs = (await prisma().runEvent.findMany({ where: { runId: claimed.id }, select: { seq: true }, orderBy: { seq: 'asc' } })).map((event) => Number(event.seq));
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    expect(after.run.nextEventSeq).toBe(seqs.length + 1);
  });

  it('a model call the commit does not stand in for reads the fence: a cancel committed after the commit stops it (cancel wins, DESIGN §7)', async () => {
    // A cancel that commits between a step's commit and the next model call, its notification lost. These hooks were
    // told of no commit, as after a call that starts past the commit's window (commit-fence-window.int.test.ts, ADR 0094).
    await setCancelRequested(true);
    await expect(Promise.resolve(fence.modelCallStarting!({ instanceId: claimed.id, step: 2, purpose: 'action', messageCount: 1 }))).rejects.toBeInstanceOf(AbortedError);
    expect(fence.failures).toEqual([]);
    await setCancelRequested(false);
  });

  it('notifies a run its watchers follow, by run or by tenant, with the last sequence of the commit', async () => {
    const heard: string[] = [];
    const release = await test.platform.database.notifications.listen(runEventsChannel, { onNotification: (payload) => heard.push(payload) });
    try {
      for (const target of [{ runId: claimed.id }, { tenantId: claimed.tenantId }]) {
        const registry = new RunEventWatchers(statements(), silentLogger, { ttlMs: 60_000, refreshMs: 3_600_000 });
        const hold = registry.watch(target);
        await hold.ready;
        const result = await run.step();
        expect(result.next.type).toBe('run-again');
        expect((await persistStep(prisma(), claimed, result, { owner, statements: statements() })).fenceConfirmed).toBe(true);
        const last = (await runState()).run.nextEventSeq - 1;
        await expect.poll(() => heard.includes(`${claimed.id}:${last}:${claimed.tenantId}`), { timeout: 30_000 }).toBe(true);
        hold.release();
        await registry.refresh();
      }
    } finally {
      await release();
    }
  });
});
