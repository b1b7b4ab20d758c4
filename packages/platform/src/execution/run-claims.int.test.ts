import { createTestDatabaseConfig, databaseModes, type TestDatabaseConfig } from '@agentloom/db/testing';
import { defineTool, type AnyTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createPlatform, type Platform } from '../create-platform';
import { createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../testing';
import { claimRuns } from './run-claims';

/** A tool only some executors load, as a worker with a custom tool module has it. */
const greetTool: AnyTool = defineTool({
  name: 'greet',
  description: 'Greets someone by name.',
  implementationId: 'claim-tests/v1/greet',
  inputSchema: z.object({ name: z.string() }),
  sideEffects: 'none',
  execute: (args) => Promise.resolve({ content: `Hello, ${args.name}` }),
});

const scripted = (toolCalls: { name: string; arguments: Record<string, unknown> }[]) => ({
  completion: { verify: false, requireToolEvidence: false },
  demoScript: { replies: [...(toolCalls.length > 0 ? [{ text: '', toolCalls }] : []), { text: 'Done.' }] },
});

async function createAgent(platform: Platform, principal: Principal, slug: string, tools: string[]): Promise<string> {
  const toolCalls = tools.map((name) => ({ name, arguments: { name: 'Ada' } }));
  return (await platform.agents.create(principal, { slug, name: slug, config: { tools, ...scripted(toolCalls) } })).id;
}

describe.each(databaseModes)('claims (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [greetTool] });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('claims only runs whose agent version needs no tool outside the executor catalog', async () => {
    const { prisma } = test.platform.database;
    const greeter = await createAgent(test.platform, principal, 'greeter', ['greet']);
    const plain = await createAgent(test.platform, principal, 'plain', []);
    const { run: greeting } = await test.platform.runs.create(principal, { agentId: greeter, input: 'greet' });
    const { run: simple } = await test.platform.runs.create(principal, { agentId: plain, input: 'plain' });

    // An executor without the module skips the older run it cannot execute and takes the one it can.
    const withoutModule = await claimRuns(prisma, 'console', 8, 60_000, ['send_notification']);
    expect(withoutModule.map((claimed) => claimed.id)).toEqual([simple.id]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: greeting.id } })).toMatchObject({ status: 'queued', leaseOwner: null });

    const withModule = await claimRuns(prisma, 'worker', 8, 60_000, ['send_notification', 'greet']);
    expect(withModule.map((claimed) => claimed.id)).toEqual([greeting.id]);
  });

  it('says whether the run has anything to resume from: a run with no committed step and no fork source is fresh; one with a step or a fork source is not', async () => {
    const { prisma, statements } = test.platform.database;
    const agentId = await createAgent(test.platform, principal, 'resumable', []);
    const create = async (input: string) => (await test.platform.runs.create(principal, { agentId, input })).run.id;
    const [fresh, stepped, forked] = [await create('new'), await create('stepped'), await create('forked')];
    // As a committed step and a fork leave them: the step count, and the fork's source (its checkpoint is a copy).
    await prisma.run.update({ where: { id: stepped }, data: { stepCount: 1 } });
    await prisma.run.update({ where: { id: forked }, data: { forkOfRunId: fresh, forkStepIndex: 0 } });

    // Only these three are asked about: the test before may have left a run queued if it failed.
    const claimed = (await claimRuns(statements, 'resumer', 8, 60_000)).filter((run) => [fresh, stepped, forked].includes(run.id));
    expect(Object.fromEntries(claimed.map((run) => [run.id, run.fresh]))).toEqual({ [fresh]: true, [stepped]: false, [forked]: false });
  });
});

describe('one fleet, one catalog: a console without the module never takes the run (server)', () => {
  let database: TestDatabaseConfig;
  let consolePlatform: Platform;
  let workerPlatform: Platform | undefined;
  let principal: Principal;

  beforeAll(async () => {
    database = await createTestDatabaseConfig('server');
    consolePlatform = await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey }, tools: [greetTool], executor: { owner: 'setup', pollMs: 50 } });
    principal = (await consolePlatform.auth.authenticate(consolePlatform.seed.adminKey!))!;
  });
  afterAll(async () => {
    await workerPlatform?.close();
    await consolePlatform?.close();
    await database?.dispose();
  });

  it('leaves the run queued for the executor that has the tool, which runs it', async () => {
    const greeter = await createAgent(consolePlatform, principal, 'fleet-greeter', ['greet']);
    const plain = await createAgent(consolePlatform, principal, 'fleet-plain', []);
    // The agent was saved where the module is loaded; now only an executor without it is running.
    await consolePlatform.close();
    consolePlatform = await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey }, executor: { owner: 'console-executor', pollMs: 50 } });
    const { run: greeting } = await consolePlatform.runs.create(principal, { agentId: greeter, input: 'greet Ada' });
    const { run: later } = await consolePlatform.runs.create(principal, { agentId: plain, input: 'queued after the greeting' });
    await consolePlatform.executor.start();
    // Claims go oldest first: once the later run has finished, the greeting was passed over, not missed.
    const { prisma } = consolePlatform.database;
    await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: later.id } })).status, { timeout: 60_000 }).toBe('succeeded');
    expect(await prisma.run.findUniqueOrThrow({ where: { id: greeting.id } })).toMatchObject({ status: 'queued', attempt: 0 });

    workerPlatform = await createPlatform({
      database: database.config,
      logger: silentLogger,
      secrets: { key: testSecretKey },
      tools: [greetTool],
      executor: { owner: 'tool-worker', pollMs: 50 },
    });
    await workerPlatform.executor.start();
    await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: greeting.id } })).status, { timeout: 60_000 }).toBe('succeeded');
    const started = await prisma.runEvent.findMany({ where: { runId: greeting.id, type: 'run-started' } });
    expect(started.map((event) => (event.payload as { executor: string }).executor)).toEqual(['tool-worker']);
    const calls = await prisma.toolCall.findMany({ where: { runId: greeting.id } });
    expect(calls.map((call) => [call.name, call.status])).toEqual([['greet', 'succeeded']]);
  });
});
