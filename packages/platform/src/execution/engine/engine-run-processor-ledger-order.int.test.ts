import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { ModelConnector } from '../../outbound/model-connector';
import { SecretBox } from '../../secrets/secret-box';
import { createAndClaimRuns, createTestAgent, createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../../testing';
import { eventLoopTurns, heldStatements, type StatementEntry, type StatementHold } from '../../testing/held-statements';
import { ToolCatalog } from '../../tools/tool-catalog';
import { EngineRunProcessor } from './engine-run-processor';

const owner = 'ledger-order-test';
const cite = (index: number) => ({ name: 'record_citation', arguments: { source: `https://example.org/${index}` } });

/** Each commit issued while an end issued before it had not been answered yet, as "commit #n: end:<call>". */
function commitsAheadOfEnds(log: readonly StatementEntry[]): string[] {
  const violations: string[] = [];
  let commits = 0;
  log.forEach((entry, index) => {
    if (entry.label !== 'commit' || entry.phase !== 'issued') return;
    commits += 1;
    const earlier = log.slice(0, index);
    for (const end of earlier.filter((item) => item.label.startsWith('end:') && item.phase === 'issued')) {
      if (!earlier.some((item) => item.label === end.label && item.phase === 'answered')) violations.push(`commit #${commits}: ${end.label}`);
    }
  });
  return violations;
}

/**
 * The executor's step loop with the ledger's end writes held back (a slow network): the engine goes on
 * without their answers, but the step's commit, and the run's end after a failure, wait for them.
 */
describe.each(databaseModes)('the executor orders its writes after ledger ends in flight (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const prisma = () => test.platform.database.prisma;

  const processorOver = (hold: StatementHold) => {
    const held = heldStatements(test.platform.database.statements, hold);
    const database = { ...test.platform.database, statements: held.runner };
    return { held, processor: new EngineRunProcessor(database, new ToolCatalog(), silentLogger, new ModelConnector(fetch, new SecretBox(testSecretKey))) };
  };
  const signals = () => ({ abort: new AbortController().signal, drain: new AbortController().signal });

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'parallel-citer',
      config: {
        builtinTools: ['record_citation'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Two.', toolCalls: [cite(1), cite(2)] }, { text: 'Two more.', toolCalls: [cite(3), cite(4)] }, { text: 'Done.' }] },
      },
    });
  });
  afterAll(() => test?.dispose());

  it('no step commit is sent before every end write of its calls has landed', async () => {
    const [run] = await createAndClaimRuns(test.platform, principal, { agentId, owner, count: 1 });
    // Each end reaches the database only after 30 turns of the event loop: long after the engine has built its step.
    const { held, processor } = processorOver((label) => (label.startsWith('end:') ? eventLoopTurns(30) : undefined));
    await processor.process(run!, owner, signals());

    expect((await prisma().run.findUniqueOrThrow({ where: { id: run!.id } })).status).toBe('succeeded');
    expect(held.log.filter((entry) => entry.label === 'commit' && entry.phase === 'answered')).toHaveLength(2);
    expect(commitsAheadOfEnds(held.log)).toEqual([]);
    const calls = await prisma().toolCall.findMany({ where: { runId: run!.id }, select: { status: true, statusHistory: true } });
    expect(calls).toHaveLength(4);
    for (const call of calls) {
      expect(call.status).toBe('succeeded');
      expect((call.statusHistory as { status: string }[]).map((entry) => entry.status)).toEqual(['running', 'succeeded']);
    }
  });

  it('after a failed end write, the run ends only once its sibling’s end has landed', async () => {
    const [run] = await createAndClaimRuns(test.platform, principal, { agentId, owner, count: 1 });
    const statusOf = async () => (await prisma().run.findUniqueOrThrow({ where: { id: run!.id } })).status;
    // The first end fails at once. The second is held until the run has left `running` (what a run's end
    // written too early would do), or for 150 turns of 20 ms: the processor must wait for it meanwhile.
    const holdUntilTheRunEnds = async () => {
      for (let turn = 0; turn < 150 && (await statusOf()) === 'running'; turn += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const ends: string[] = [];
    const { held, processor } = processorOver((label) => {
      if (!label.startsWith('end:')) return undefined;
      ends.push(label);
      return ends.length === 1 ? Promise.reject(new Error('the first end write was refused')) : holdUntilTheRunEnds();
    });
    await processor.process(run!, owner, signals());

    const ended = await prisma().run.findUniqueOrThrow({ where: { id: run!.id } });
    expect(ended).toMatchObject({ status: 'failed', errorMessage: 'the first end write was refused' });
    expect(await prisma().step.count({ where: { runId: run!.id } })).toBe(0);
    expect(held.log.filter((entry) => entry.label === 'commit')).toEqual([]);
    const [refused, landed] = ends.map((label) => label.slice('end:'.length));
    // The sibling's end landed before the run's end: it is `succeeded`, not swept up as a leftover.
    expect(await prisma().toolCall.findFirstOrThrow({ where: { runId: run!.id, callId: landed! }, select: { status: true } })).toEqual({ status: 'succeeded' });
    expect((await prisma().toolCall.findFirstOrThrow({ where: { runId: run!.id, callId: refused! }, select: { status: true } })).status).not.toBe('running');
  });
});
