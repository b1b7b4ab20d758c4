import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The monorepo root: the nearest folder, walking up from `start`, whose package.json declares
 * workspaces. `npm start` runs Next with the console's folder as cwd, while defaults such as the
 * embedded data directory belong at the root, so we cannot use cwd directly.
 * Falls back to `start` when no workspace root exists (e.g. a standalone deployment).
 */
export function findRepositoryRoot(start: string = process.cwd()): string {
  // turbopackIgnore: these paths are found at run time; without it Next traces the whole repository
  // into the standalone output.
  let directory = path.resolve(/*turbopackIgnore: true*/ start);
  for (;;) {
    if (declaresWorkspaces(path.join(/*turbopackIgnore: true*/ directory, 'package.json'))) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) return path.resolve(/*turbopackIgnore: true*/ start);
    directory = parent;
  }
}

function declaresWorkspaces(packageJsonPath: string): boolean {
  if (!existsSync(packageJsonPath)) return false;
  try {
    const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { workspaces?: unknown };
    return manifest.workspaces !== undefined;
  } catch {
    // An unreadable manifest is not the root we are looking for; keep walking.
    return false;
  }
}
