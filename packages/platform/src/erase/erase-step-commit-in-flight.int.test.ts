import { databaseModes } from '@agentloom/db/testing';
import type { Engine, RuntimeEvent, StepResult } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { agentVersionConfigSchema } from '../agents/agent-version-config';
import type { Principal } from '../auth/roles';
import { buildRunEngine } from '../execution/engine/build-run-engine';
import { createCancelFenceHooks } from '../execution/engine/cancel-fence-hooks';
import { persistStep } from '../execution/engine/persist-step';
import { createToolLedgerHooks } from '../execution/engine/tool-ledger-hooks';
import { fenceRun } from '../execution/fence-run';
import { LeaseLostError } from '../execution/lease-lost-error';
import { claimRuns, type ClaimedRun } from '../execution/run-claims';
import { ModelConnector } from '../outbound/model-connector';
import { SecretBox } from '../secrets/secret-box';
import { createTestAgent, createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../testing';
import { ToolCatalog } from '../tools/tool-catalog';
import { eraseFixtures, markerOf } from './testing/erase-fixtures';

const owner = 'in-flight-executor';

/**
 * A run that read a memory commits the step that records the read through `persistStep` while the
 * memory is erased or forgotten. Whichever commits first, the reader is restarted from its redacted
 * checkpoint, so its executor never goes on with the erased text in its prompt: a commit that finds the
 * item already gone restarts its own run, and a commit still open when the erase or forget starts holds
 * the erase fence, so the erase waits for it and then finds this run among the readers (ADR 0104).
 */
describe.each(databaseModes)('a step commit recording a memory read, against an erase (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const engines: Engine[] = [];

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'memory-reader',
      config: {
        builtinTools: ['record_citation'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [{ text: 'Checking.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/1' } }] }, { text: 'Done.' }],
        },
      },
    });
  });

  afterAll(async () => {
    for (const engine of engines) await engine.close();
    await test?.dispose();
  });

  const prisma = () => test.platform.database.prisma;
  const statements = () => test.platform.database.statements;

  /** A claimed run of the reader agent at its first step, which (as the routing stage reports it) injected `itemId`. */
  async function readerAtFirstStep(itemId: string): Promise<{ claimed: ClaimedRun; result: StepResult }> {
    const created = await test.platform.runs.create(principal, { agentId, input: 'What is my pin?' });
    // The runs earlier tests restarted are queued too: out of the way, so the claim takes this one.
    await prisma().$executeRawUnsafe(`UPDATE runs SET status = 'cancelled', finished_at = now() WHERE status = 'queued' AND id <> $1::uuid`, created.run.id);
    const [claimed] = await claimRuns(prisma(), owner, 1, 3_600_000);
    expect(claimed?.id).toBe(created.run.id);
    const version = await prisma().agentVersion.findFirstOrThrow({ where: { agentId } });
    const holder: { engine?: Engine } = {};
    const engine = buildRunEngine({
      runId: claimed!.id,
      agentId,
      versionId: version.id,
      config: agentVersionConfigSchema.parse(version.config),
      tools: new ToolCatalog(),
      hooks: [createCancelFenceHooks(statements(), claimed!, owner), createToolLedgerHooks(statements(), claimed!, owner, () => holder.engine!.services.registry)],
      models: new ModelConnector(fetch, new SecretBox(testSecretKey)),
    });
    holder.engine = engine;
    engines.push(engine);
    const step = await engine.start({ task: 'What is my pin?', instanceId: claimed!.id }).step();
    expect(step.next.type).toBe('run-again');
    const injected: RuntimeEvent = { ...step.events[0]!, type: 'memory-injected', data: { memoryId: itemId, score: 0.9 } };
    return { claimed: claimed!, result: { ...step, events: [...step.events, injected] } };
  }

  async function expectRestarted(claimed: ClaimedRun): Promise<void> {
    expect(await prisma().run.findUniqueOrThrow({ where: { id: claimed.id } })).toMatchObject({ status: 'queued', attempt: claimed.attempt + 1, leaseOwner: null });
    const queued = await prisma().runEvent.findFirst({ where: { runId: claimed.id, type: 'run-queued' }, orderBy: { seq: 'desc' }, select: { payload: true } });
    expect(queued?.payload).toEqual({ reason: 'content erased' });
    // The executor that held it: its next fenced write is refused, so what it holds in memory never lands.
    await expect(fenceRun(statements(), claimed, owner)).rejects.toBeInstanceOf(LeaseLostError);
  }

  it('a commit that finds the memory it read already erased keeps no copy and restarts its own run', async () => {
    const { thread, run, fact } = await eraseFixtures(test, principal, 'user-late-commit');
    const told = await run((await thread()).id, `my pin is ${markerOf('late')}`);
    const item = await fact('PIN: 4711', told.id);
    const { claimed, result } = await readerAtFirstStep(item.id);
    await test.platform.erase.eraseRun(principal, { runId: told.id });

    const committed = await persistStep(prisma(), claimed, result, { owner, statements: statements() });

    expect(committed.fenceConfirmed).toBeUndefined();
    expect(await prisma().memoryInjection.count({ where: { runId: claimed.id } })).toBe(0);
    expect(await prisma().step.count({ where: { runId: claimed.id } })).toBe(1);
    await expectRestarted(claimed);
  });

  it('a commit whose memory lives records the read and keeps its lease', async () => {
    const { thread, run, fact } = await eraseFixtures(test, principal, 'user-live-commit');
    const item = await fact('PIN: 1234', (await run((await thread()).id, 'my pin is 1234')).id);
    const { claimed, result } = await readerAtFirstStep(item.id);

    await persistStep(prisma(), claimed, result, { owner, statements: statements() });

    expect(await prisma().memoryInjection.count({ where: { runId: claimed.id, memoryItemId: item.id } })).toBe(1);
    expect(await prisma().run.findUniqueOrThrow({ where: { id: claimed.id } })).toMatchObject({ status: 'running', leaseOwner: owner });
    await expect(fenceRun(statements(), claimed, owner)).resolves.toEqual({ cancelRequested: false });
  });

  /**
   * The commit is held open after it recorded the read (its thread-history source row is locked by
   * another transaction), then the erase or forget starts, then the commit is let go.
   */
  async function eraseWhileCommitIsOpen(label: string, erase: (toldRunId: string, itemId: string) => Promise<unknown>): Promise<ClaimedRun> {
    const { thread, run, fact } = await eraseFixtures(test, principal, `user-${label}`);
    const told = await run((await thread()).id, `my pin is ${markerOf(label)}`);
    const item = await fact('PIN: 9981', told.id);
    const historySource = await run((await thread()).id, 'an earlier turn of the thread');
    const { claimed, result } = await readerAtFirstStep(item.id);
    expect(result.messages.some(({ index }) => index === 2)).toBe(true);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const sourceLocked = new Promise<void>((resolve) => (locked = resolve));
    const blocker = prisma().$transaction(
      async (transaction) => {
        await transaction.$queryRawUnsafe('SELECT id FROM runs WHERE id = $1::uuid FOR UPDATE', historySource.id);
        locked();
        await released;
      },
      { timeout: 120_000 },
    );
    await sourceLocked;
    const lockWaiters = async () =>
      (
        await prisma().$queryRawUnsafe<{ waiting: number }[]>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      )[0]!.waiting;
    const commit = persistStep(prisma(), claimed, result, { owner, statements: statements(), historySources: [[historySource.id]] });
    while ((await lockWaiters()) < 1) await new Promise((resolve) => setTimeout(resolve, 25));
    const erasing = erase(told.id, item.id);
    while ((await lockWaiters()) < 2) await new Promise((resolve) => setTimeout(resolve, 25));
    release();
    await blocker;
    await commit;
    await erasing;
    return claimed;
  }

  it.skipIf(mode === 'embedded')('an erase that starts while the commit is open waits for it, then restarts the reader it wrote', async () => {
    const claimed = await eraseWhileCommitIsOpen('open-erase', (runId) => test.platform.erase.eraseRun(principal, { runId }));
    await expectRestarted(claimed);
  });

  it.skipIf(mode === 'embedded')('a forget that starts while the commit is open does the same', async () => {
    const claimed = await eraseWhileCommitIsOpen('open-forget', (_runId, memoryItemId) => test.platform.memory.forget(principal, { memoryItemId }));
    await expectRestarted(claimed);
  });
});
