import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { defineTool, utf8Bytes } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

const fiveMegabytes = 5 * 1024 * 1024;
const cap = 256 * 1024;

/** A tool whose output is 5 MB of text (and the same again as structured data). */
const hugeOutputTool = defineTool({
  name: 'dump_logs',
  description: 'Returns the full log.',
  implementationId: 'test-tools/v1/dump_logs',
  inputSchema: z.object({}),
  sideEffects: 'none',
  execute: () => Promise.resolve({ content: 'é'.repeat(fiveMegabytes / 2), data: { lines: ['l'.repeat(fiveMegabytes)] } }),
});

describe.each(databaseModes)('tool output cap (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [hugeOutputTool] });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  it('stores no more than the cap in the ledger or the transcript, records the full size, and keeps the messages page small', async () => {
    const { prisma } = test.platform.database;
    const agent = await prisma.agent.create({ data: { tenantId: principal.tenantId, slug: `dump-${randomUUID()}`, name: 'Dumper' } });
    const config = { tools: ['dump_logs'], demoScript: { replies: [{ toolCalls: [{ name: 'dump_logs', arguments: {} }] }, { text: 'Logs read.' }] } };
    await prisma.agentVersion.create({
      data: { tenantId: principal.tenantId, agentId: agent.id, version: 1, config, configHash: randomUUID() },
    });
    const { run } = await test.platform.runs.create(principal, { agentId: agent.id, input: 'Read the logs' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');

    const [ledger] = await prisma.$queryRawUnsafe<{ stored: number; output_bytes: number }[]>(
      'SELECT octet_length(result::text) AS stored, output_bytes FROM tool_calls WHERE run_id = $1::uuid',
      run.id,
    );
    expect(Number(ledger!.output_bytes)).toBe(fiveMegabytes + utf8Bytes(JSON.stringify({ lines: ['l'.repeat(fiveMegabytes)] })));
    // The JSON wrapper ({"content": …, "isError": …}) adds a few bytes around the capped content.
    expect(Number(ledger!.stored)).toBeLessThanOrEqual(cap + 100);
    const toolMessage = await prisma.message.findFirstOrThrow({ where: { runId: run.id, role: 'tool' } });
    expect(utf8Bytes(toolMessage.content)).toBeLessThanOrEqual(cap);
    // What the model read (the transcript is the model's input): the cut content and the note.
    expect(toolMessage.content).toMatch(/\n\[truncated: 10,485,\d{3} bytes, showing first 26\d,\d{3}\]$/);

    const [view] = (await test.platform.toolCalls.list(principal, { runId: run.id })).toolCalls;
    expect(view?.outputBytes).toBe(Number(ledger!.output_bytes));

    const page = await test.platform.runMessages.list(principal, { runId: run.id, limit: 5 });
    expect(utf8Bytes(JSON.stringify(page))).toBeLessThan(cap + 10_000);
  });
});
