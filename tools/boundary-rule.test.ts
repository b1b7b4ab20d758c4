import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const dependencyCruiser = fileURLToPath(new URL('../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', import.meta.url));

async function cruise(path: string): Promise<{ exitCode: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [dependencyCruiser, path, '--config', '.dependency-cruiser.cjs'], { cwd: repositoryRoot });
    return { exitCode: 0, output: stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { exitCode: failure.code, output: failure.stdout };
  }
}

describe('package boundary rule', () => {
  it('fails when runtime code imports @prisma/client or another AgentLoom package', async () => {
    const result = await cruise('tools/lint-fixtures/runtime');
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toMatch(/runtime-is-pure: tools\/lint-fixtures\/runtime\/imports-prisma\.ts → node_modules\/@prisma\/client/);
    expect(result.output).toMatch(/runtime-is-pure: tools\/lint-fixtures\/runtime\/imports-platform\.ts → packages\/platform/);
  }, 60_000);
});
