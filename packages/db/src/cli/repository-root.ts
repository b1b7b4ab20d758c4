import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The folder whose package.json declares the workspaces (npm runs scripts from package folders). */
export function findRepositoryRoot(start = process.cwd()): string {
  let directory = resolve(start);
  for (;;) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return directory;
    const parent = dirname(directory);
    if (parent === directory) return resolve(start);
    directory = parent;
  }
}
