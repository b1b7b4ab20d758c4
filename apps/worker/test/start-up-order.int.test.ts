import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform, type Platform } from '@agentloom/platform';
import { createTestAgent, silentLogger, testSecretKey } from '@agentloom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const workerDirectory = fileURLToPath(new URL('..', import.meta.url));

interface Outcome {
  exitCode: number | null;
  output: string;
}

/** Starts the worker as `npm start` does (one process); `whenOutput` may send it SIGTERM on a line. */
function runWorker(environment: NodeJS.ProcessEnv, whenOutput?: (output: string, stop: () => void) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: workerDirectory,
      env: {
        ...process.env,
        AGENTLOOM_SECRET_KEY: testSecretKey.toString('base64'),
        AGENTLOOM_DATA_DIR: mkdtempSync(join(tmpdir(), 'agentloom-worker-')),
        ...environment,
      },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      whenOutput?.(output, () => child.kill('SIGTERM'));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (exitCode) => resolve({ exitCode, output }));
  });
}

/** A port another process holds, as on a node where something already listens on the probe port. */
async function occupyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

async function freePort(): Promise<number> {
  const { port, server } = await occupyPort();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A stack frame line: an expected start-up failure must be one line, never a stack. */
const stackFrame = /^\s+at .+:\d+:\d+\)?$/m;

describe('worker start-up order: ports before claims', () => {
  let database: TestDatabaseConfig;
  let platform: Platform;
  const runIds: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabaseConfig('server');
    platform = await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey } });
    const principal = (await platform.auth.authenticate(platform.seed.adminKey!))!;
    const agentId = await createTestAgent(platform.database, {
      tenantId: principal.tenantId,
      slug: 'start-up-order',
      config: { instructions: 'Answer.', builtinTools: [], demoScript: { replies: [{ text: 'Done.' }] } },
    });
    for (let index = 0; index < 4; index++) runIds.push((await platform.runs.create(principal, { agentId, input: `Run ${index}` })).run.id);
  });
  afterAll(async () => {
    await platform?.close();
    await database?.dispose();
  });

  const runsOf = () => platform.database.prisma.run.findMany({ where: { id: { in: runIds } }, select: { status: true, leaseOwner: true } });

  it.each([
    { variable: 'AGENTLOOM_WORKER_HEALTH_PORT', other: 'AGENTLOOM_METRICS_PORT' },
    { variable: 'AGENTLOOM_METRICS_PORT', other: 'AGENTLOOM_WORKER_HEALTH_PORT' },
  ])('stops with one line naming $variable when its port is in use, having claimed no run', async ({ variable, other }) => {
    const taken = await occupyPort();
    try {
      const outcome = await runWorker({
        DATABASE_URL: database.config.url,
        AGENTLOOM_WORKER_ID: 'port-taken',
        [variable]: String(taken.port),
        [other]: String(await freePort()),
      });
      expect(outcome.output).toMatch(new RegExp(`worker failed to start: ${variable} ${taken.port} is in use`));
      expect(outcome.output).not.toMatch(stackFrame);
      expect(outcome.output).not.toMatch(/Worker ready/);
      expect(outcome.exitCode).toBe(1);
      // The executor never started: every run is still queued, none leased to the dead worker.
      expect(await runsOf()).toEqual(runIds.map(() => ({ status: 'queued', leaseOwner: null })));
    } finally {
      taken.server.close();
    }
  });

  it('drains on SIGTERM from the moment its ports are bound, before it says ready', async () => {
    let signalled = false;
    const outcome = await runWorker(
      { DATABASE_URL: database.config.url, AGENTLOOM_WORKER_ID: 'signalled-at-start', AGENTLOOM_WORKER_HEALTH_PORT: String(await freePort()) },
      (output, stop) => {
        // The probe line comes before the executor starts; "ready" only stops a worker that never printed it.
        if (!signalled && (output.includes('Worker probes on') || output.includes('Worker ready'))) {
          signalled = true;
          stop();
        }
      },
    );
    expect(outcome.output).toMatch(/Worker probes on :\d+[\s\S]*Worker stopping \(SIGTERM\)[\s\S]*Worker stopped/);
    expect(outcome.exitCode).toBe(0);
    const stranded = (await runsOf()).filter((run) => run.status === 'running' && run.leaseOwner === 'signalled-at-start');
    expect(stranded).toEqual([]);
  });
});
