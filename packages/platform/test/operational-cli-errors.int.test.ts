import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/**
 * The operational CLIs of the root package.json, run as an operator runs them: a bad flag or an
 * expected failure (database unreachable) is one line and an exit code, never an uncaught stack trace.
 */
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const commands = {
  reembed: 'packages/platform/src/memory/cli/reembed-command.ts',
  serve: 'packages/db/src/cli/serve-embedded.ts',
  rotateOperatorKey: 'packages/platform/src/operator/cli/rotate-operator-key-command.ts',
  rotateSecrets: 'packages/platform/src/secrets/cli/rotate-secrets-command.ts',
};
const unreachableServer = 'postgresql://postgres@127.0.0.1:1/none';
/** A stack frame line ("    at main (/work/…:24:22)") means the error escaped uncaught. */
const stackFrame = /^\s+at .+:\d+:\d+\)?$/m;

function run(command: keyof typeof commands, args: string[], environment: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', commands[command], ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, DATABASE_URL: '', AGENTLOOM_DEBUG: '', AGENTLOOM_DATA_DIR: mkdtempSync(join(tmpdir(), 'cli-errors-')), ...environment },
    encoding: 'utf8',
    timeout: 100_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('operational CLI errors', () => {
  it.each([
    ['reembed', /Usage: npm run memory:reembed/],
    ['serve', /Usage: npm run db:serve/],
    ['rotateOperatorKey', /Usage: npm run operator:rotate-key/],
    ['rotateSecrets', /Usage: AGENTLOOM_SECRET_KEY=/],
  ] as const)('%s --bogus: the unknown flag and the usage, exit 2', (command, usage) => {
    const { status, output } = run(command, ['--bogus'], { AGENTLOOM_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(output).toMatch(/Unknown option '--bogus'/);
    expect(output).toMatch(usage);
    expect(output).not.toMatch(stackFrame);
    expect(status).toBe(2);
  });

  it('memory:reembed --batch-size without a value: usage error, exit 2', () => {
    const { status, output } = run('reembed', ['--batch-size']);
    expect(output).toMatch(/--batch-size/);
    expect(output).not.toMatch(stackFrame);
    expect(status).toBe(2);
  });

  it('secrets:rotate --from-key <not a key>: names the flag, exit 2', () => {
    const { status, output } = run('rotateSecrets', ['--from-key', 'not-a-key'], { AGENTLOOM_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(output).toMatch(/--from-key must be 32 random bytes/);
    expect(output).not.toMatch(stackFrame);
    expect(status).toBe(2);
  });

  it('memory:reembed against an unreachable server: one line naming it, exit 1; AGENTLOOM_DEBUG=1 adds the stack', () => {
    const { status, output } = run('reembed', ['--embedder', 'hashing'], { DATABASE_URL: unreachableServer });
    expect(output.trim()).toMatch(/^Cannot connect to the Postgres server at 127\.0\.0\.1:1\/none: [^\n]+$/);
    expect(status).toBe(1);
    expect(run('reembed', ['--embedder', 'hashing'], { DATABASE_URL: unreachableServer, AGENTLOOM_DEBUG: '1' }).output).toMatch(stackFrame);
  });

  it('operator:rotate-key against an unreachable server: one line, exit 1', () => {
    const { status, output } = run('rotateOperatorKey', [], { DATABASE_URL: unreachableServer });
    expect(output.trim()).toMatch(/^Cannot connect to the Postgres server at 127\.0\.0\.1:1\/none: [^\n]+$/);
    expect(status).toBe(1);
  });
});
