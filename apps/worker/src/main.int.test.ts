import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const workerDirectory = fileURLToPath(new URL('..', import.meta.url));
const testSecretKey = Buffer.from('agentloom-test-secret-key-32-b!!', 'utf8').toString('base64');

interface Outcome {
  exitCode: number | null;
  output: string;
}

/** Starts the worker as a real process; `whenOutput` lets the test act (e.g. send SIGTERM) on a line. */
function runWorker(environment: NodeJS.ProcessEnv, whenOutput?: (output: string, stop: () => void) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    // Workers share the console's secret key (AGENTLOOM_SECRET_KEY); tests give every worker the same one.
    // As `npm start` runs it (`node --import tsx`): one process, so a signal reaches the worker itself
    // and its exit is the worker's (the tsx CLI would put a relaying parent in between).
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: workerDirectory,
      env: { ...process.env, AGENTLOOM_SECRET_KEY: testSecretKey, ...environment },
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

/** The shared tool-module fixtures, relative to the repository root as a user would write them. */
const toolFixtures = 'packages/platform/test/fixtures/tool-modules';

describe('worker process', () => {
  let database: Awaited<ReturnType<typeof createTestDatabaseConfig>>;
  beforeAll(async () => {
    database = await createTestDatabaseConfig('server');
  });
  afterAll(() => database?.dispose());

  it('refuses embedded mode with a clear message', async () => {
    const outcome = await runWorker({ DATABASE_URL: '' });
    expect(outcome.exitCode).toBe(2);
    expect(outcome.output).toMatch(/DATABASE_URL/);
  });

  it('refuses to start without the shared secret key, with one line naming the variable', async () => {
    const outcome = await runWorker({ DATABASE_URL: database.config.url, AGENTLOOM_SECRET_KEY: '' });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.output).toMatch(/worker failed to start: AGENTLOOM_SECRET_KEY is not set/);
    expect(outcome.output).not.toMatch(/Database ready/);
  });

  it('fails fast with one clear line on an unreachable server', async () => {
    const outcome = await runWorker({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.output).toMatch(/Cannot connect to the Postgres server at 127\.0\.0\.1:1\/none/);
  });

  it('names a tool module that fails to load, before touching the database', async () => {
    const outcome = await runWorker({
      DATABASE_URL: database.config.url,
      AGENTLOOM_TOOL_MODULES: `${toolFixtures}/greeting-tools.ts, ${toolFixtures}/no-tools.ts`,
    });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.output).toMatch(
      /worker failed to start: Tool module \/.*\/packages\/platform\/test\/fixtures\/tool-modules\/no-tools\.ts .* exports no `tools` array/,
    );
    expect(outcome.output).not.toMatch(/Database ready/);
  });

  it('migrates, loads tool modules, reports ready and stops cleanly on SIGTERM', async () => {
    let signalled = false;
    const environment = {
      DATABASE_URL: database.config.url,
      AGENTLOOM_DATA_DIR: mkdtempSync(join(tmpdir(), 'agentloom-worker-')),
      AGENTLOOM_TOOL_MODULES: `${toolFixtures}/greeting-tools.ts`,
    };
    const outcome = await runWorker(environment, (output, stop) => {
      if (!signalled && output.includes('Worker ready')) {
        signalled = true;
        stop();
      }
    });
    expect(outcome.output).toMatch(/Worker ready/);
    expect(outcome.output).toMatch(/Tool modules loaded \{"tools":\["greet \(none\)"\]\}/);
    expect(outcome.output).toMatch(/Worker stopped/);
    expect(outcome.exitCode).toBe(0);
  });

  it('serves its probes on AGENTLOOM_WORKER_HEALTH_PORT once ready (what the Helm chart probes)', async () => {
    const port = 20_000 + (process.pid % 20_000);
    let probes: Promise<{ live: number; ready: number; body: unknown }> | undefined;
    const outcome = await runWorker(
      { DATABASE_URL: database.config.url, AGENTLOOM_DATA_DIR: mkdtempSync(join(tmpdir(), 'agentloom-worker-')), AGENTLOOM_WORKER_HEALTH_PORT: String(port) },
      (output, stop) => {
        if (probes === undefined && output.includes('Worker ready')) {
          probes = (async () => {
            const live = await fetch(`http://127.0.0.1:${port}/healthz`);
            const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
            return { live: live.status, ready: ready.status, body: await ready.json() };
          })().finally(stop);
        }
      },
    );
    expect(await probes).toEqual({ live: 200, ready: 200, body: { status: expect.stringMatching(/^(ok|degraded)$/) as unknown } });
    expect(outcome.exitCode).toBe(0);
  });
});
