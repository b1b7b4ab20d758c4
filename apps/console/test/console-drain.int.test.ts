import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform, type Platform } from '@agentloom/platform';
import { createTestAgent, silentLogger } from '@agentloom/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { apiClient } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, testConsoleSecretKey, type ConsoleProcess } from './support/console-process';

/**
 * SIGTERM to the console while its in-process executor holds a run (ADR 0108). `next start` ran its own
 * signal handler, which closed the HTTP server and exited within a few hundred milliseconds, while the
 * executor's drain was still going: the run stayed `running` under a dead lease, to be recovered with its
 * attempt spent. The console now takes the signals itself (NEXT_MANUAL_SIG_HANDLE in its start script) and
 * exits once the drain is done: the run is given back `queued`, its attempt kept.
 */
const drainTools = 'apps/worker/test/drain/drain-tools.ts';

let database: TestDatabaseConfig;
let dataDirectory: string;
let seeding: Platform;
let server: ConsoleProcess | undefined;
const effectFile = path.join(mkdtempSync(path.join(tmpdir(), 'agentloom-console-drain-effects-')), 'effects.log');
const effects = () => (existsSync(effectFile) ? readFileSync(effectFile, 'utf8').trim().split('\n') : []);

beforeAll(async () => {
  ensureConsoleBuild();
  database = await createTestDatabaseConfig('server');
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-console-drain-'));
  seeding = await createPlatform({
    database: database.config,
    adminKeyPath: path.join(dataDirectory, 'admin-key'),
    logger: silentLogger,
    secrets: { key: Buffer.from(testConsoleSecretKey, 'base64') },
  });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await seeding?.close();
  await database?.dispose();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

it('gives the run it holds back to the queue before it exits on SIGTERM', async () => {
  const principal = (await seeding.auth.authenticate(seeding.seed.adminKey!))!;
  const agentId = await createTestAgent(seeding.database, {
    tenantId: principal.tenantId,
    slug: 'console-drain-charger',
    config: {
      builtinTools: [],
      tools: ['drain_charge'],
      completion: { verify: false, requireToolEvidence: false },
      demoScript: { replies: [{ text: 'Charging.', toolCalls: [{ name: 'drain_charge', arguments: { cents: 500 } }] }, { text: 'Done.' }] },
    },
  });
  server = await startConsole({
    dataDirectory,
    databaseUrl: database.config.url!,
    // The tool never returns, so the drain always runs out: a short one keeps the test short.
    environment: { AGENTLOOM_TOOL_MODULES: drainTools, DRAIN_EFFECT_FILE: effectFile, AGENTLOOM_POLL_MS: '100', AGENTLOOM_DRAIN_TIMEOUT_MS: '200', AGENTLOOM_TOOL_ABORT_GRACE_MS: '100' },
  });
  const created = await apiClient(server.baseUrl, seeding.seed.adminKey)<{ id: string }>('POST', '/api/v1/runs', { body: { agentId, input: 'charge' } });
  expect(created.status).toBe(201);
  await expect.poll(() => effects().length, { timeout: 120_000, interval: 100 }).toBe(1);

  await server.stop();
  server = undefined;

  // npm may exit before next-server has finished: wait for the state, not for the process.
  await expect
    .poll(() => seeding.database.prisma.run.findUniqueOrThrow({ where: { id: created.body.id }, select: { status: true, leaseOwner: true, attempt: true, cancelRequestedAt: true } }), {
      timeout: 60_000,
      interval: 200,
    })
    .toEqual({ status: 'queued', leaseOwner: null, attempt: 1, cancelRequestedAt: null });
  expect(effects()).toHaveLength(1);
}, 600_000);
