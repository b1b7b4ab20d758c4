import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createPlatform } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { eventually } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { repositoryRoot, startConsole, type ConsoleProcess } from './support/console-process';

/**
 * A run whose tool returned 5 MB, executed by a platform with a real executor on an embedded data
 * directory, then read back through the production console's REST API: a page of five messages
 * stays near the 256 KiB tool-output cap instead of carrying the 5 MB (it was 5.2 MB).
 */
const fiveMegabytes = 5 * 1024 * 1024;
const cap = 256 * 1024;

const hugeOutputTool = defineTool({
  name: 'dump_logs',
  description: 'Returns the full log.',
  implementationId: 'test-tools/v1/dump_logs',
  inputSchema: z.object({}),
  sideEffects: 'none',
  execute: () => Promise.resolve({ content: 'x'.repeat(fiveMegabytes) }),
});

let dataDirectory: string;
let server: ConsoleProcess;
let adminKey: string;
let runId: string;

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-bounded-output-'));
  const platform = await createPlatform({
    database: { dataDirectory, migrationsDirectory: path.join(repositoryRoot, 'prisma/migrations') },
    adminKeyPath: path.join(dataDirectory, 'admin-key'),
    logger: silentLogger,
    tools: [hugeOutputTool],
  });
  try {
    adminKey = platform.seed.adminKey!;
    const principal = (await platform.auth.authenticate(adminKey))!;
    const { prisma } = platform.database;
    const agent = await prisma.agent.create({ data: { tenantId: principal.tenantId, slug: `dump-${randomUUID()}`, name: 'Dumper' } });
    const config = { tools: ['dump_logs'], demoScript: { replies: [{ toolCalls: [{ name: 'dump_logs', arguments: {} }] }, { text: 'Logs read.' }] } };
    await prisma.agentVersion.create({ data: { tenantId: principal.tenantId, agentId: agent.id, version: 1, config, configHash: randomUUID() } });
    await platform.executor.start();
    runId = (await platform.runs.create(principal, { agentId: agent.id, input: 'Read the logs' })).run.id;
    const status = await eventually(async () => {
      const current = (await platform.runs.get(principal, { runId })).status;
      return current === 'succeeded' || current === 'failed' ? current : undefined;
    }, 300_000);
    if (status !== 'succeeded') throw new Error(`The seeding run ended ${status}`);
  } finally {
    await platform.close();
  }
  server = await startConsole({ dataDirectory });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

describe('bounded tool output over REST', () => {
  it('GET /api/v1/runs/:id/messages?limit=5 carries the truncated result and its note, not the 5 MB', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/runs/${runId}/messages?limit=5`, { headers: { Authorization: `Bearer ${adminKey}` } });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(Buffer.byteLength(body)).toBeLessThan(cap + 10_000);
    const page = JSON.parse(body) as { messages: { role: string; content: string }[] };
    const toolMessage = page.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toMatch(/\n\[truncated: 5,242,880 bytes, showing first 26\d,\d{3}\]$/);
  });
});
