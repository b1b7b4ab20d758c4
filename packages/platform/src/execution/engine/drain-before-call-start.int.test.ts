import { databaseModes } from '@agentloom/db/testing';
import { HostStoppingError, defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { ModelConnector } from '../../outbound/model-connector';
import { SecretBox } from '../../secrets/secret-box';
import { createTestAgent, createTestPlatform, loggedStatements, silentLogger, testSecretKey, type TestPlatform } from '../../testing';
import { ToolCatalog } from '../../tools/tool-catalog';
import { claimRuns } from '../run-claims';
import { EngineRunProcessor } from './engine-run-processor';

const owner = 'drain-before-start-test';
let charges = 0;
const chargeTool = defineTool({
  name: 'charge_once',
  description: 'Charges a card (unsafe).',
  implementationId: 'test-tools/v1/charge_once',
  inputSchema: z.object({}),
  sideEffects: 'unsafe',
  execute: () => {
    charges += 1;
    return Promise.resolve({ content: 'charged' });
  },
});

/**
 * A drain whose time runs out while an unsafe call's start is being recorded aborts the step after the
 * ledger marked the call `running` and before its handler was invoked. The call never ran; its row used
 * to stay `running`, as a crash leaves it, so the next attempt sent it to an operator as a call whose
 * outcome was unknown (audit F5). The row now records that it never started, and the next attempt runs it.
 */
describe.each(databaseModes)('a drain that lands between a call’s ledger start and its handler (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const prisma = () => test.platform.database.prisma;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [chargeTool] });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'one-charge',
      config: {
        builtinTools: [],
        tools: ['charge_once'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Charging.', toolCalls: [{ name: 'charge_once', arguments: {} }] }, { text: 'Done.' }] },
      },
    });
  });
  afterAll(() => test?.dispose());

  const processor = (statements = test.platform.database.statements) =>
    new EngineRunProcessor({ ...test.platform.database, statements }, new ToolCatalog([chargeTool]), silentLogger, new ModelConnector(fetch, new SecretBox(testSecretKey)));

  it('records that the call never started; the resumed run runs it once, without asking an operator', async () => {
    charges = 0;
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'charge it' });
    const [claimed] = await claimRuns(prisma(), owner, 1, 60_000);
    expect(claimed?.id).toBe(run.id);
    const abort = new AbortController();
    // The charge's start is answered only after the executor's drain ran out and aborted the run.
    const logged = loggedStatements(test.platform.database.statements, {
      hold: (label, toolName) => {
        if (toolName !== 'charge_once') return undefined;
        abort.abort(new HostStoppingError(`Executor ${owner} stopped; its drain time ran out`));
        return Promise.resolve();
      },
    });
    // Not the run's end: the step is not committed, and the processor leaves the run to be given back.
    await processor(logged.runner).process(claimed!, owner, { abort: abort.signal, drain: new AbortController().signal });
    expect(await prisma().run.findUniqueOrThrow({ where: { id: run.id }, select: { status: true, stepCount: true } })).toEqual({ status: 'running', stepCount: 0 });
    expect(logged.log.some((label) => label.startsWith('released:start:'))).toBe(true);

    expect(charges).toBe(0);
    const [row] = await prisma().toolCall.findMany({ where: { runId: run.id }, select: { status: true, errorKind: true, statusHistory: true } });
    expect(row).toMatchObject({ status: 'expired', errorKind: 'not-started' });
    expect((row!.statusHistory as { status: string }[]).map((entry) => entry.status)).toEqual(['running', 'expired']);

    // The executor gives the run back (ADR 0108); the next attempt resumes it.
    await prisma().run.update({ where: { id: run.id }, data: { status: 'queued', leaseOwner: null, leaseExpiresAt: null } });
    const [again] = await claimRuns(prisma(), owner, 1, 60_000);
    expect(again?.id).toBe(run.id);
    await processor().process(again!, owner, { abort: new AbortController().signal, drain: new AbortController().signal });

    expect(charges).toBe(1);
    expect((await prisma().run.findUniqueOrThrow({ where: { id: run.id }, select: { status: true } })).status).toBe('succeeded');
    expect(await prisma().approval.count({ where: { runId: run.id } })).toBe(0);
    const [ran] = await prisma().toolCall.findMany({ where: { runId: run.id }, select: { status: true, errorKind: true, statusHistory: true } });
    expect(ran).toMatchObject({ status: 'succeeded', errorKind: null });
    expect((ran!.statusHistory as { status: string }[]).map((entry) => entry.status)).toEqual(['running', 'expired', 'running', 'succeeded']);
  });
});
