import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { repositoryRoot } from './console-process';

const sourceFolders = ['apps/console/src', 'packages/platform/src', 'packages/db/src', 'packages/runtime/src'];

/**
 * Builds the console unless `.next` is newer than every source file that goes into it, so a
 * second run of the suite skips the ≈ 30 s (up to minutes on a busy machine) `next build`.
 * `AGENTLOOM_TEST_SKIP_BUILD=1` uses whatever build exists (when another process keeps editing
 * sources, or builds `.next` itself). Integration files run side by side, and two builds into one
 * `.next` at once break each other: a build holds a lock directory, and a file that finds it held
 * waits for it, then checks again whether the build it needs is there.
 */
export function ensureConsoleBuild(): void {
  const buildId = path.join(repositoryRoot, 'apps/console/.next/BUILD_ID');
  const skip = process.env.AGENTLOOM_TEST_SKIP_BUILD === '1';
  const fresh = () => existsSync(buildId) && (skip || statSync(buildId).mtimeMs > newestSourceTime());
  if (fresh()) return;
  withBuildLock(() => {
    if (fresh()) return;
    const result = spawnSync('npm', ['run', 'build', '--workspace', '@agentloom/console'], {
      cwd: repositoryRoot,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`);
  });
}

const buildLock = path.join(repositoryRoot, 'apps/console/.next-build-lock');

/** Runs `build` holding the lock; a lock whose holder died (its pid is gone) is taken over. */
function withBuildLock(build: () => void): void {
  for (;;) {
    try {
      mkdirSync(buildLock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive()) {
        rmSync(buildLock, { recursive: true, force: true });
        continue;
      }
      sleepSync(500);
    }
  }
  try {
    writeFileSync(path.join(buildLock, 'pid'), String(process.pid));
    build();
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
  }
}

function holderAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(buildLock, 'pid'), 'utf8'));
  } catch {
    // Created but the pid not written yet (or just removed): the holder gets a few seconds to write it.
    try {
      return Date.now() - statSync(buildLock).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function sleepSync(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
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
