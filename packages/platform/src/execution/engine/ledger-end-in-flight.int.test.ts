import { databaseModes } from '@agentloom/db/testing';
import { DefaultToolRegistry, defineTool, type AgentRun, type Engine } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { agentVersionConfigSchema } from '../../agents/agent-version-config';
import { ModelConnector } from '../../outbound/model-connector';
import { SecretBox } from '../../secrets/secret-box';
import { createAndClaimRuns, createTestAgent, createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../../testing';
import { answeredBefore, eventLoopTurns, heldStatements } from '../../testing/held-statements';
import { ToolCatalog } from '../../tools/tool-catalog';
import type { ClaimedRun } from '../run-claims';
import { buildRunEngine } from './build-run-engine';
import { persistStep } from './persist-step';
import { createToolLedgerHooks, type ToolLedgerHooks } from './tool-ledger-hooks';

const owner = 'in-flight-test';

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const lookupTool = defineTool({
  name: 'quick_lookup',
  description: 'Answers at once.',
  implementationId: 'test-tools/v1/quick_lookup',
  inputSchema: z.object({}),
  sideEffects: 'none',
  execute: () => ({ content: 'found' }),
});

/**
 * The ledger's end write goes out when a call returns, and the hook does not wait for its answer
 * (the engine builds the rest of the step meanwhile). What must not move is the order of the writes:
 * no later call starts, and no step commits, before that end has landed; a failed end stops both.
 * "Held" statements stand for a slow network: the wrapper keeps them from the database until released.
 * A wait of some event-loop turns shows what a broken order would have sent by then; passing never
 * depends on how fast the machine is.
 */
describe.each(databaseModes)('a ledger end write in flight (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const registry = new DefaultToolRegistry();
  registry.register(lookupTool);
  const refusal = new Error('refused by the in-flight test');

  const prisma = () => test.platform.database.prisma;
  const callInfo = (run: ClaimedRun, id: string) => ({ instanceId: run.id, step: 1, call: { id, name: 'quick_lookup', arguments: {} }, idempotencyKey: `${run.id}:${id}` });
  const claimOne = async () => (await createAndClaimRuns(test.platform, principal, { agentId, owner, count: 1 }))[0]!;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'in-flight-citer',
      config: {
        builtinTools: ['record_citation'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'First.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/1' } }] }, { text: 'Done.' }] },
      },
    });
  });
  afterAll(() => test?.dispose());

  it('the hook returns before its end is answered; settled() and the next call’s start wait for it', async () => {
    const run = await claimOne();
    const release = gate();
    const held = heldStatements(test.platform.database.statements, (label) => (label === 'end:call-a' ? release.opened : undefined));
    const ledger = createToolLedgerHooks(held.runner, run, owner, () => registry);
    expect(await ledger.toolCallStarting!(callInfo(run, 'call-a'))).toBeUndefined();
    await ledger.toolCallFinished!({ ...callInfo(run, 'call-a'), result: { content: 'found' } });
    expect(held.log).toContainEqual({ label: 'end:call-a', phase: 'issued' });
    expect(held.log).not.toContainEqual({ label: 'end:call-a', phase: 'sent' });

    let settled = false;
    const settling = ledger.settled().then(() => (settled = true));
    const startB = Promise.resolve(ledger.toolCallStarting!(callInfo(run, 'call-b')));
    await eventLoopTurns(50);
    expect(settled).toBe(false);
    expect(held.log.filter((entry) => entry.label === 'start:call-b')).toEqual([]);

    release.open();
    expect(await startB).toBeUndefined();
    await settling;
    expect(answeredBefore(held.log, 'end:call-a', 'start:call-b')).toBe(true);
    const rows = await prisma().toolCall.findMany({ where: { runId: run.id }, orderBy: { callId: 'asc' }, select: { callId: true, status: true } });
    expect(rows).toEqual([
      { callId: 'call-a', status: 'succeeded' },
      { callId: 'call-b', status: 'running' },
    ]);
    expect(ledger.failures).toEqual([]);
  });

  it('a failed end: settled() throws it, and no later call starts', async () => {
    const run = await claimOne();
    const held = heldStatements(test.platform.database.statements, (label) => (label === 'end:call-c' ? Promise.reject(refusal) : undefined));
    const ledger = createToolLedgerHooks(held.runner, run, owner, () => registry);
    await ledger.toolCallStarting!(callInfo(run, 'call-c'));
    await ledger.toolCallFinished!({ ...callInfo(run, 'call-c'), result: { content: 'found' } });
    await expect(ledger.settled()).rejects.toBe(refusal);
    await expect(Promise.resolve(ledger.toolCallStarting!(callInfo(run, 'call-d')))).rejects.toBe(refusal);
    expect(held.log.filter((entry) => entry.label === 'start:call-d')).toEqual([]);
    expect(ledger.failures).toEqual([refusal]);
    expect(await prisma().toolCall.findMany({ where: { runId: run.id }, select: { callId: true, status: true } })).toEqual([{ callId: 'call-c', status: 'running' }]);
  });

  describe('persistStep waits for beforeCommit', () => {
    let run: ClaimedRun;
    let engine: Engine;
    let agentRun: AgentRun;
    let ledger: ToolLedgerHooks;

    const written = async () => ({
      steps: await prisma().step.count({ where: { runId: run.id } }),
      events: await prisma().runEvent.count({ where: { runId: run.id } }),
      status: (await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).status,
    });

    beforeAll(async () => {
      run = await claimOne();
      const version = await prisma().agentVersion.findFirstOrThrow({ where: { agentId } });
      const holder: { engine?: Engine } = {};
      ledger = createToolLedgerHooks(test.platform.database.statements, run, owner, () => holder.engine!.services.registry);
      engine = buildRunEngine({ runId: run.id, agentId, versionId: version.id, config: agentVersionConfigSchema.parse(version.config), tools: new ToolCatalog(), hooks: [ledger], models: new ModelConnector(fetch, new SecretBox(testSecretKey)) });
      holder.engine = engine;
      agentRun = engine.start({ task: 'Cite a source.', instanceId: run.id });
    });
    afterAll(() => engine?.close());

    it('an ordinary step: nothing is sent before it settles, nothing is written when it throws', async () => {
      const result = await agentRun.step();
      expect(result.next.type).toBe('run-again');
      const before = await written();
      await expect(persistStep(prisma(), run, result, { owner, statements: test.platform.database.statements, beforeCommit: () => Promise.reject(refusal) })).rejects.toBe(refusal);
      expect(await written()).toEqual(before);

      const release = gate();
      const held = heldStatements(test.platform.database.statements, () => undefined);
      const committing = persistStep(prisma(), run, result, { owner, statements: held.runner, beforeCommit: () => release.opened });
      await eventLoopTurns(50);
      expect(held.log).toEqual([]);
      release.open();
      expect((await committing).fenceConfirmed).toBe(true);
      expect(held.log.map((entry) => `${entry.label} ${entry.phase}`)).toEqual(['commit issued', 'commit sent', 'commit answered']);
      expect((await written()).steps).toBe(before.steps + 1);
    });

    it('a step that ends the run: nothing is written when it throws', async () => {
      const result = await agentRun.step();
      expect(result.next.type).toBe('final-output');
      const before = await written();
      await expect(persistStep(prisma(), run, result, { owner, statements: test.platform.database.statements, beforeCommit: () => Promise.reject(refusal) })).rejects.toBe(refusal);
      expect(await written()).toEqual(before);
      expect(before.status).toBe('running');
      await persistStep(prisma(), run, result, { owner, statements: test.platform.database.statements, beforeCommit: () => ledger.settled() });
      expect((await written()).status).toBe('succeeded');
    });
  });
});
