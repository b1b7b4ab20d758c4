import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { readMigrationFiles } from '../migrations/migration-files';

/** Where migrated test templates are cached between test processes and runs. */
export function templateCacheDirectory(): string {
  return join(tmpdir(), 'agentloom-test-templates');
}

/**
 * Names a migrated template: the migrations' names and checksums, and the PGlite and pgvector
 * versions whose data directory format the archive is in. Any change to one builds a new template.
 */
export async function migrationsFingerprint(migrationsDirectory: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await readMigrationFiles(migrationsDirectory)) hash.update(`${file.name}:${file.checksum}\n`);
  for (const name of ['@electric-sql/pglite', '@electric-sql/pglite-pgvector']) hash.update(`${name}@${await installedVersion(name)}\n`);
  return hash.digest('hex').slice(0, 16);
}

// The packages do not export their package.json, so walk up from the resolved entry point.
async function installedVersion(name: string): Promise<string> {
  let directory = dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const manifest = await readFile(join(directory, 'package.json'), 'utf8').catch(() => undefined);
    if (manifest) {
      const parsed = JSON.parse(manifest) as { name?: string; version?: string };
      if (parsed.name === name) return parsed.version ?? 'unknown';
    }
    const parent = dirname(directory);
    if (parent === directory) return 'unknown';
    directory = parent;
  }
}
