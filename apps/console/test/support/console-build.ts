import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { repositoryRoot } from './console-process';

const sourceFolders = ['apps/console/src', 'packages/platform/src', 'packages/db/src', 'packages/runtime/src'];

/**
 * Builds the console unless `.next` is newer than every source file that goes into it, so a
 * second run of the suite skips the ≈ 30 s (up to minutes on a busy machine) `next build`.
 * `AGENTLOOM_TEST_SKIP_BUILD=1` uses whatever build exists (when another process keeps editing
 * sources, or builds `.next` itself: two builds into one `.next` at once break each other).
 */
export function ensureConsoleBuild(): void {
  const buildId = path.join(repositoryRoot, 'apps/console/.next/BUILD_ID');
  const skip = process.env.AGENTLOOM_TEST_SKIP_BUILD === '1';
  if (existsSync(buildId) && (skip || statSync(buildId).mtimeMs > newestSourceTime())) return;
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@agentloom/console'], {
    cwd: repositoryRoot,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`);
}

function newestSourceTime(): number {
  let newest = 0;
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'generated') visit(entryPath);
      } else if (!/\.(test|int\.test)\.tsx?$/.test(entry.name)) {
        newest = Math.max(newest, statSync(entryPath).mtimeMs);
      }
    }
  };
  for (const folder of sourceFolders) visit(path.join(repositoryRoot, folder));
  return newest;
}
