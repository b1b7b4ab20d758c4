import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { DatabaseError } from '../connection/database-error';

export interface MigrationFile {
  /** Folder name, e.g. `20261129120000_init`; Prisma's `migration_name`. */
  name: string;
  script: string;
  /** sha256 hex of the script bytes, as Prisma Migrate records it. */
  checksum: string;
}

/** Reads `<directory>/<name>/migration.sql` folders in name (= timestamp) order. */
export async function readMigrationFiles(directory: string): Promise<MigrationFile[]> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    throw new DatabaseError('migration-failed', `Cannot read migrations folder ${directory}`, { cause: error });
  }
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const script = await readFile(join(directory, name, 'migration.sql'), 'utf8');
      return { name, script, checksum: createHash('sha256').update(script).digest('hex') };
    }),
  );
}
