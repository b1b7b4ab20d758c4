import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform, type Platform, type Principal } from '@agentloom/platform';
import { silentLogger, startHttpMcpFixture, stdioFixtureAllowList as stdioAllow, testSecretKey, type HttpMcpFixture } from '@agentloom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const workerDirectory = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(repositoryRoot, 'node_modules/tsx/dist/cli.mjs');
const token = `worker-token-${randomUUID()}`;

/**
 * The worker's executor path: a tenant's MCP servers and an agent attaching them are saved through
 * the platform (as the console's API does) on a Postgres server; a separate worker process, given
 * the same allow-list and outbound setting through its environment, claims the run and calls the
 * tools, opening the sealed auth header with the shared secret key.
 */
describe('MCP tools on a worker process', () => {
  let database: Awaited<ReturnType<typeof createTestDatabaseConfig>>;
  let platform: Platform;
  let admin: Principal;
  let http: HttpMcpFixture;
  let worker: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    http = await startHttpMcpFixture({ token });
    database = await createTestDatabaseConfig('server');
    platform = await createPlatform({
      database: database.config,
      logger: silentLogger,
      secrets: { key: testSecretKey },
      outbound: { allowPrivateTargets: ['127.0.0.1'] },
      mcp: { stdioAllowList: stdioAllow },
    });
    admin = (await platform.auth.authenticate(platform.seed.adminKey!))!;
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await platform?.close();
    await database?.dispose();
    await http?.close();
  });

  it('claims a run whose agent attaches a stdio and an HTTP server and calls both', async () => {
    await platform.mcpServers.create(admin, { name: 'local', transport: 'stdio', stdioCommand: 'fixture' });
    await platform.mcpServers.create(admin, { name: 'remote', transport: 'streamable-http', url: http.url, headers: { Authorization: `Bearer ${token}` } });
    const agent = await platform.agents.create(admin, {
      slug: 'mcp-on-worker',
      name: 'MCP on a worker',
      config: {
        mcpServers: [{ server: 'local', tools: ['lookup'] }, { server: 'remote', tools: ['record'] }],
        demoScript: {
          replies: [{ toolCalls: [{ name: 'mcp.local.lookup', arguments: { city: 'Lyon' } }, { name: 'mcp.remote.record', arguments: { note: 'from a worker' } }] }, { text: 'Done.' }],
        },
      },
    });

    worker = spawn(process.execPath, [tsx, 'src/main.ts'], {
      cwd: workerDirectory,
      env: {
        ...process.env,
        DATABASE_URL: database.config.url,
        AGENTLOOM_SECRET_KEY: testSecretKey.toString('base64'),
        AGENTLOOM_DATA_DIR: mkdtempSync(join(tmpdir(), 'agentloom-mcp-worker-')),
        AGENTLOOM_WORKER_ID: 'mcp-worker',
        AGENTLOOM_EMBEDDER: 'hashing',
        AGENTLOOM_ALLOW_PRIVATE_TARGETS: '127.0.0.1',
        AGENTLOOM_MCP_STDIO_ALLOW: JSON.stringify(stdioAllow),
      },
    });
    worker.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 180_000, message: 'the worker did not report ready' }).toMatch(/Worker ready/);

    const { run } = await platform.runs.create(admin, { agentId: agent.id, input: 'Where is Lyon? Note it.' });
    await expect
      .poll(async () => (await platform.runs.get(admin, { runId: run.id })).status, { timeout: 180_000, message: `the run did not succeed; worker output:\n${output}` })
      .toBe('succeeded');
    const started = await platform.database.prisma.runEvent.findFirstOrThrow({ where: { runId: run.id, type: 'run-started' } });
    expect(started.payload).toMatchObject({ executor: 'mcp-worker' });
    const calls = await platform.database.prisma.toolCall.findMany({ where: { runId: run.id }, orderBy: { name: 'asc' } });
    expect(calls.map((call) => [call.name, call.status])).toEqual([
      ['mcp.local.lookup', 'succeeded'],
      ['mcp.remote.record', 'succeeded'],
    ]);
    const recorded = http.calls.find((call) => call.tool === 'record' && call.arguments.note === 'from a worker');
    expect(recorded?.meta?.idempotencyKey).toBe(calls.find((call) => call.name === 'mcp.remote.record')!.idempotencyKey);
    expect(http.authorizations.at(-1)).toBe(`Bearer ${token}`);
  }, 420_000);
});
