import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const guardModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'closed-output.ts');

/** A child logging straight to stderr every 10 ms (as a logger does), answering "alive" on stdout when asked. */
const childScript = (guarded: boolean) => `
  ${guarded ? `const { ignoreClosedOutput } = await import(${JSON.stringify(guardModule)}); ignoreClosedOutput([process.stdout, process.stderr]);` : ''}
  setInterval(() => process.stderr.write('draining…\\n'), 10);
  process.stdin.on('data', () => process.stdout.write('alive\\n'));
`;

/** Starts the child, closes the reading end of its stderr, and tells whether it still answers once its writes have failed. */
async function afterStderrCloses(guarded: boolean): Promise<'alive' | { exitCode: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', childScript(guarded)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  await once(child.stderr, 'data');
  child.stderr.destroy();
  // Each answer comes after at least one more failed write (a write every 10 ms, an answer per 50 ms question).
  let answers = 0;
  child.stdout.on('data', () => (answers += 1));
  const asking = setInterval(() => child.stdin.write('?'), 50);
  const outcome = await Promise.race([
    exited.then(([exitCode]) => ({ exitCode })),
    expect.poll(() => answers, { timeout: 20_000 }).toBeGreaterThanOrEqual(5).then(() => 'alive' as const),
  ]);
  clearInterval(asking);
  child.kill('SIGKILL');
  await exited;
  return outcome;
}

describe('a process whose stderr reader went away', () => {
  it('dies of the first failed write without the guard (EPIPE is an uncaught error event)', async () => {
    expect(await afterStderrCloses(false)).toEqual({ exitCode: 1 });
  }, 30_000);

  it('keeps serving with the guard', async () => {
    expect(await afterStderrCloses(true)).toBe('alive');
  }, 30_000);
});
