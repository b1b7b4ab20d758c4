import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '../testing';

const databasePackage = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the fixture as its own process: a crash there is an exit code here, not this run's unhandled error. */
function runFixture(url: string): Promise<{ exitCode: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/terminated-pool-clients.ts', url], { cwd: databasePackage });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (exitCode) => resolve({ exitCode, output }));
  });
}

/**
 * The pool's permanent error listener (open-server.ts): the server ending the backend of a client the
 * process has checked out makes that client emit two 'error' events, and pg-pool listens on no
 * checked-out client; without a listener of ours on every pooled client the process crashed. The
 * backend is ended with pg_terminate_backend from another connection, so the shared server is never
 * restarted.
 */
describe('a checked-out client whose backend ends (server)', () => {
  let testDatabase: TestDatabaseConfig;

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig('server');
  });
  afterAll(() => testDatabase?.dispose());

  it('emits two errors, and the process lives on with a working pool', async () => {
    const outcome = await runFixture(testDatabase.config.url!);
    expect(outcome.output, outcome.output).toContain('errors: ["terminating connection due to administrator command","Connection terminated unexpectedly"]');
    expect(outcome.output, outcome.output).toMatch(/^survived$/m);
    expect(outcome.exitCode).toBe(0);
  });
});
