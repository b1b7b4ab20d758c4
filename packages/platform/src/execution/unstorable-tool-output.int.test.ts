import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

const fffd = '\ufffd';
const runsOf: Record<string, number> = {};

/** A tool whose result holds text Postgres cannot store (NUL, a lone surrogate), in its content and its data. */
function rawTool(name: string, sideEffects: 'none' | 'unsafe', raw: string) {
  return defineTool({
    name,
    description: name,
    implementationId: `test-tools/v1/${name}`,
    inputSchema: z.object({}),
    sideEffects,
    execute: (_args, context) => {
      runsOf[context.instanceId] = (runsOf[context.instanceId] ?? 0) + 1;
      return Promise.resolve({ content: raw, data: { [`key ${raw}`]: [raw] } });
    },
  });
}

// Regression for the audit's bad-run-robustness cases: such a result failed the run `internal`
// ("unsupported Unicode escape sequence", "invalid input syntax for type json") and marked the
// call that did return `abandoned`. The engine now stores U+FFFD in place of each bad character.
const cases = [
  { tool: 'nul_none', sideEffects: 'none', raw: 'binary\u0000payload', stored: `binary${fffd}payload` },
  { tool: 'nul_unsafe', sideEffects: 'unsafe', raw: 'binary\u0000payload', stored: `binary${fffd}payload` },
  { tool: 'surrogate_unsafe', sideEffects: 'unsafe', raw: 'half \ud800 pair', stored: `half ${fffd} pair` },
] as const;
const tools = cases.map(({ tool, sideEffects, raw }) => rawTool(tool, sideEffects, raw));

describe.each(databaseModes)('a tool result Postgres cannot store as returned (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  const agents: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools, executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    for (const { tool } of cases) {
      agents[tool] = await createTestAgent(test.platform.database, {
        tenantId: principal.tenantId,
        slug: tool.replaceAll('_', '-'),
        config: {
          tools: [tool],
          builtinTools: [],
          completion: { verify: false, requireToolEvidence: false },
          demoScript: { replies: [{ text: 'Calling.', toolCalls: [{ name: tool, arguments: {} }] }, { text: 'Done.' }] },
        },
      });
    }
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  it.each(cases)('$tool: the run succeeds, the call is succeeded once, and U+FFFD is stored where the bad characters were', async ({ tool, stored }) => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId: agents[tool]!, input: tool });
    await expect
      .poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 60_000 })
      .toMatch(/succeeded|failed|cancelled/);
    const row = await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { status: true, attempt: true, errorKind: true } });
    expect(row).toEqual({ status: 'succeeded', attempt: 1, errorKind: null });
    expect(runsOf[run.id]).toBe(1);

    const call = await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id }, select: { status: true, result: true } });
    expect(call).toEqual({ status: 'succeeded', result: { content: stored, isError: false, data: { [`key ${stored}`]: [stored] } } });
    const message = await prisma.message.findFirstOrThrow({ where: { runId: run.id, role: 'tool' }, select: { content: true } });
    expect(message.content).toBe(stored);
    const types = (await prisma.runEvent.findMany({ where: { runId: run.id }, select: { type: true } })).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['tool-call-finished', 'step-committed', 'run-finished']));
    expect(types).not.toContain('tool-call-abandoned');
  });
});
