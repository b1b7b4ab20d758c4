import type { RawSql } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { DefaultToolRegistry, defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { ModelConnector } from '../../outbound/model-connector';
import { SecretBox } from '../../secrets/secret-box';
import { createTestAgent, createTestPlatform, loggedStatements, silentLogger, testSecretKey, type TestPlatform } from '../../testing';
import { ToolCatalog } from '../../tools/tool-catalog';
import { recoverExpiredLeases } from '../recover-expired-leases';
import { claimRuns, type ClaimedRun } from '../run-claims';
import { EngineRunProcessor } from './engine-run-processor';
import { createToolLedgerHooks } from './tool-ledger-hooks';

const owner = 'repeatable-ends-test';
let lookups = 0;

const lookupTool = defineTool({
  name: 'quick_lookup',
  description: 'Looks something up (no side effects).',
  implementationId: 'test-tools/v1/quick_lookup',
  inputSchema: z.object({}),
  sideEffects: 'none',
  execute: () => {
    lookups += 1;
    return Promise.resolve({ content: 'found', data: { hits: 1 } });
  },
});

/** Set by a test: what the unsafe call waits for before it returns. */
let chargeWaitsFor: () => Promise<void> = () => Promise.resolve();
const chargeTool = defineTool({
  name: 'charge_card',
  description: 'Charges a card (unsafe).',
  implementationId: 'test-tools/v1/charge_card',
  inputSchema: z.object({}),
  sideEffects: 'unsafe',
  execute: async () => {
    await chargeWaitsFor();
    return { content: 'found', data: { hits: 1 } };
  },
});

/**
 * ADR 0093: the end of a `none` or `idempotent` call that returns while no other call of the run is
 * running is recorded by the step commit right after it, not by a write of its own; every other end is
 * written the moment its call returns, as before. A crash in between leaves such a call `running`, and the
 * next attempt runs it again — what its declaration allows; an `unsafe` call is never run twice.
 */
describe.each(databaseModes)('the end of a repeatable call rides the step commit (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  const agents: Record<string, string> = {};
  const prisma = () => test.platform.database.prisma;

  const agent = (slug: string, toolCalls: { name: string; arguments: object }[]) =>
    createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug,
      config: {
        builtinTools: [],
        tools: ['quick_lookup', 'charge_card'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Working.', toolCalls }, { text: 'Done.' }] },
      },
    });
  const claimNew = async (agentId: string, leaseMs = 60_000): Promise<ClaimedRun> => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'x' });
    const [claimed] = await claimRuns(prisma(), owner, 1, leaseMs);
    expect(claimed?.id).toBe(run.id);
    return claimed!;
  };
  const processOver = async (run: ClaimedRun, statements: RawSql) => {
    const processor = new EngineRunProcessor(
      { ...test.platform.database, statements },
      new ToolCatalog([lookupTool, chargeTool]),
      silentLogger,
      new ModelConnector(fetch, new SecretBox(testSecretKey)),
    );
    await processor.process(run, owner, { abort: new AbortController().signal, drain: new AbortController().signal });
  };
  const callRow = (runId: string, name: string) =>
    prisma().toolCall.findFirstOrThrow({
      where: { runId, name },
      select: { callId: true, status: true, result: true, outputBytes: true, finishedAt: true, errorKind: true, statusHistory: true },
    });
  const historyOf = (row: { statusHistory: unknown }) => (row.statusHistory as { status: string }[]).map((entry) => entry.status);

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [lookupTool, chargeTool] });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agents['lookup'] = await agent('one-lookup', [{ name: 'quick_lookup', arguments: {} }]);
    agents['charge'] = await agent('one-charge', [{ name: 'charge_card', arguments: {} }]);
    agents['both'] = await agent('lookup-and-charge', [
      { name: 'quick_lookup', arguments: {} },
      { name: 'charge_card', arguments: {} },
    ]);
  });
  afterAll(() => test?.dispose());

  it('sends no end statement for a lone repeatable call, and its row reads as an end write leaves it', async () => {
    const lookupRun = await claimNew(agents['lookup']!);
    const logged = loggedStatements(test.platform.database.statements);
    await processOver(lookupRun, logged.runner);
    const chargeRun = await claimNew(agents['charge']!);
    await processOver(chargeRun, test.platform.database.statements);

    expect((await prisma().run.findUniqueOrThrow({ where: { id: lookupRun.id } })).status).toBe('succeeded');
    const lookup = await callRow(lookupRun.id, 'quick_lookup');
    expect(logged.log.filter((label) => label.startsWith('start:') || label.startsWith('end:'))).toEqual([`start:${lookup.callId}`]);
    // The unsafe call returned the same output and had its end written on its own: the rows agree.
    const charge = await callRow(chargeRun.id, 'charge_card');
    expect(lookup).toMatchObject({ status: 'succeeded', result: charge.result, outputBytes: charge.outputBytes, errorKind: null });
    expect(lookup.result).toEqual({ content: 'found', isError: false, data: { hits: 1 } });
    expect(lookup.finishedAt).not.toBeNull();
    expect(historyOf(lookup)).toEqual(['running', 'succeeded']);
    expect(historyOf(charge)).toEqual(['running', 'succeeded']);
  });

  it('writes at once the end of an unsafe call, and of a repeatable call that returns while another call runs', async () => {
    const run = await claimNew(agents['both']!);
    // The unsafe call returns only once the lookup's row has left `running`: its end must be written while the charge runs.
    chargeWaitsFor = async () => {
      for (let attempt = 0; attempt < 150 && (await callRow(run.id, 'quick_lookup')).status === 'running'; attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      const logged = loggedStatements(test.platform.database.statements);
      await processOver(run, logged.runner);
      const lookup = await callRow(run.id, 'quick_lookup');
      const charge = await callRow(run.id, 'charge_card');
      expect(logged.log.filter((label) => label.startsWith('end:')).sort()).toEqual([`end:${charge.callId}`, `end:${lookup.callId}`].sort());
      expect(logged.log.indexOf(`end:${lookup.callId}`)).toBeLessThan(logged.log.indexOf(`end:${charge.callId}`));
      expect([lookup.status, charge.status]).toEqual(['succeeded', 'succeeded']);
      expect((await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('succeeded');
    } finally {
      chargeWaitsFor = () => Promise.resolve();
    }
  });

  it('counts a sibling as running from the moment its start is asked for, not from its answer', async () => {
    const run = await claimNew(agents['both']!);
    // The charge's start reaches the database only once an end of the lookup was sent (bounded: 150 turns of
    // 20 ms), so the lookup returns while its sibling has asked to start but has no answer yet.
    const logged = loggedStatements(test.platform.database.statements, {
      hold: (label, toolName) =>
        toolName === 'charge_card'
          ? (async () => {
              for (let attempt = 0; attempt < 150 && !logged.log.some((entry) => entry.startsWith('end:')); attempt += 1)
                await new Promise((resolve) => setTimeout(resolve, 20));
            })()
          : undefined,
    });
    await processOver(run, logged.runner);
    const lookup = await callRow(run.id, 'quick_lookup');
    const charge = await callRow(run.id, 'charge_card');
    expect(logged.log.indexOf(`end:${lookup.callId}`)).toBeGreaterThan(-1);
    expect(logged.log.indexOf(`end:${lookup.callId}`)).toBeLessThan(logged.log.indexOf(`released:start:${charge.callId}`));
    expect([lookup.status, charge.status]).toEqual(['succeeded', 'succeeded']);
  });

  it('writes an end left for a commit that failed before the run ends: the call is not swept up as a leftover', async () => {
    const run = await claimNew(agents['lookup']!);
    const logged = loggedStatements(test.platform.database.statements, {
      refuse: (label) => (label === 'commit' ? new Error('the step commit was refused') : undefined),
    });
    await processOver(run, logged.runner);
    expect(await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'failed',
      errorKind: 'internal',
      // A failure without a kind is stored without its message (it may be a driver's dump); the log keeps it.
      errorMessage: expect.stringContaining('Internal error in the executor') as string,
    });
    expect(await prisma().step.count({ where: { runId: run.id } })).toBe(0);
    const lookup = await callRow(run.id, 'quick_lookup');
    expect(logged.log.slice(-2)).toEqual(['commit', `end:${lookup.callId}`]);
    expect(lookup.status).toBe('succeeded');
    expect(historyOf(lookup)).toEqual(['running', 'succeeded']);
  });

  it('writeEndsNotRecorded writes only the ends a step does not record, and endsCommitted forgets the rest', async () => {
    const run = await claimNew(agents['lookup']!);
    const registry = new DefaultToolRegistry();
    registry.register(lookupTool);
    const logged = loggedStatements(test.platform.database.statements);
    const ledger = createToolLedgerHooks(logged.runner, run, owner, () => registry);
    const info = (id: string) => ({ instanceId: run.id, step: 1, call: { id, name: 'quick_lookup', arguments: {} }, idempotencyKey: `${run.id}:${id}` });
    for (const id of ['call-a', 'call-b']) {
      await ledger.toolCallStarting!(info(id));
      await ledger.toolCallFinished!({ ...info(id), result: { content: 'found' } });
    }
    expect(logged.log).toEqual(['start:call-a', 'start:call-b']);
    await ledger.writeEndsNotRecorded(new Set(['call-a']));
    expect(logged.log.slice(2)).toEqual(['end:call-b']);
    await ledger.writeEndsNotRecorded(new Set(['call-a']));
    ledger.endsCommitted();
    await ledger.writeEndsNotRecorded(new Set());
    expect(logged.log.slice(2)).toEqual(['end:call-b']);
    const rows = await prisma().toolCall.findMany({ where: { runId: run.id }, orderBy: { callId: 'asc' }, select: { callId: true, status: true } });
    expect(rows).toEqual([
      { callId: 'call-a', status: 'running' },
      { callId: 'call-b', status: 'succeeded' },
    ]);
  });

  it('a crash before the commit: the repeatable call runs again in the next attempt (once in the transcript); an unsafe one would not', async () => {
    // Attempt 1 dies after the lookup returned and before its step committed: the row stays `running`.
    const run = await claimNew(agents['lookup']!, -1_000);
    const registry = new DefaultToolRegistry();
    registry.register(lookupTool);
    const ledger = createToolLedgerHooks(test.platform.database.statements, run, owner, () => registry);
    const info = { instanceId: run.id, step: 1, call: { id: 'demo-0-0', name: 'quick_lookup', arguments: {} }, idempotencyKey: `${run.id}:demo-0-0` };
    await ledger.toolCallStarting!(info);
    await ledger.toolCallFinished!({ ...info, result: { content: 'found' } });
    expect((await callRow(run.id, 'quick_lookup')).status).toBe('running');

    expect((await recoverExpiredLeases(prisma())).map((entry) => [entry.runId, entry.outcome])).toEqual([[run.id, 'queued']]);
    const [retried] = await claimRuns(prisma(), owner, 1, 60_000);
    expect(retried).toMatchObject({ id: run.id, attempt: 2 });
    const before = lookups;
    await processOver(retried!, test.platform.database.statements);
    expect(lookups).toBe(before + 1);
    expect((await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('succeeded');
    expect(await prisma().message.count({ where: { runId: run.id, role: 'tool' } })).toBe(1);
    expect(await callRow(run.id, 'quick_lookup')).toMatchObject({ status: 'succeeded' });
  });
});
