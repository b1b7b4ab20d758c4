import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('comparing two runs (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
  });
  afterAll(() => test?.dispose());

  /** A finished run with one model step per entry, each calling the named tools (rows as the executor writes them). */
  async function finishedRun(input: string, plan: string[][], usage: { inputTokens: number; costUsd: number; seconds: number }) {
    const { run } = await test.platform.runs.create(principal, { agentId, input });
    const { prisma } = test.platform.database;
    const started = new Date('2026-12-01T10:00:00Z');
    for (const [index, tools] of plan.entries()) {
      const step = await prisma.step.create({ data: { tenantId: principal.tenantId, runId: run.id, index, kind: 'model_call', status: 'committed', inputTokens: 10 } });
      for (const [position, name] of tools.entries()) {
        await prisma.toolCall.create({
          data: {
            tenantId: principal.tenantId,
            runId: run.id,
            stepId: step.id,
            callId: `call-${index}-${position}`,
            name,
            implementationId: `${name}/v1`,
            sideEffects: 'none',
            arguments: { target: name },
            status: 'succeeded',
            idempotencyKey: randomUUID(),
            createdAt: new Date(started.getTime() + index * 1_000 + position),
          },
        });
      }
    }
    await prisma.run.update({
      where: { id: run.id },
      data: { status: 'succeeded', startedAt: started, finishedAt: new Date(started.getTime() + usage.seconds * 1_000), inputTokens: usage.inputTokens, costUsd: usage.costUsd, stepCount: plan.length },
    });
    return run;
  }

  it('aligns steps and tool calls (an extra step is one gap) and gives the usage difference right − left', async () => {
    const left = await finishedRun('compare me', [['lookup'], ['deploy'], []], { inputTokens: 100, costUsd: 0.1, seconds: 4 });
    const right = await finishedRun('compare me', [['lookup'], ['check'], ['deploy'], []], { inputTokens: 160, costUsd: 0.3, seconds: 3 });

    const comparison = await test.platform.runs.compare(principal, { leftRunId: left.id, rightRunId: right.id });

    expect(comparison).toMatchObject({ sameAgent: true, sameInput: true, left: { run: { id: left.id }, agentVersion: 1, durationMs: 4_000 }, right: { run: { id: right.id }, durationMs: 3_000 } });
    const rows = (pairs: { left: { toolNames?: string[]; name?: string } | null; right: { toolNames?: string[]; name?: string } | null; same: boolean }[]) =>
      pairs.map((pair) => [pair.left?.toolNames?.join() ?? pair.left?.name ?? null, pair.right?.toolNames?.join() ?? pair.right?.name ?? null, pair.same]);
    expect(rows(comparison.steps)).toEqual([
      ['lookup', 'lookup', true],
      [null, 'check', false],
      ['deploy', 'deploy', true],
      ['', '', true],
    ]);
    expect(rows(comparison.toolCalls)).toEqual([
      ['lookup', 'lookup', true],
      [null, 'check', false],
      ['deploy', 'deploy', true],
    ]);
    expect(comparison.difference).toEqual({ inputTokens: 60, outputTokens: 0, costUsd: 0.2, modelCalls: 0, toolCalls: 0, steps: 1, durationMs: -1_000 });
  });

  it('tells different inputs apart, and a run not yet started has no duration', async () => {
    const left = await finishedRun('first input', [[]], { inputTokens: 1, costUsd: 0, seconds: 1 });
    const { run: queued } = await test.platform.runs.create(principal, { agentId, input: 'second input' });
    const comparison = await test.platform.runs.compare(principal, { leftRunId: left.id, rightRunId: queued.id });
    expect(comparison).toMatchObject({ sameInput: false, right: { durationMs: null }, difference: { durationMs: null } });
    expect(comparison.steps).toEqual([{ left: expect.objectContaining({ index: 0 }) as unknown, right: null, same: false }]);
  });

  it("names the side that is missing or another tenant's (not found), and bad ids (validation)", async () => {
    const run = await finishedRun('mine', [[]], { inputTokens: 1, costUsd: 0, seconds: 1 });
    await expect(test.platform.runs.compare(principal, { leftRunId: run.id, rightRunId: randomUUID() })).rejects.toMatchObject({ kind: 'not-found', field: 'rightRunId' });
    const stranger: Principal = { ...principal, tenantId: '0190a1b2-0000-7000-8000-000000000003' };
    await expect(test.platform.runs.compare(stranger, { leftRunId: run.id, rightRunId: run.id })).rejects.toMatchObject({ kind: 'not-found', field: 'leftRunId' });
    await expect(test.platform.runs.compare(principal, { leftRunId: 'x', rightRunId: run.id })).rejects.toMatchObject({ kind: 'validation', field: 'leftRunId' });
  });
});
