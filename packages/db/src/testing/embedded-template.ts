import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { openEmbedded } from '../embedded/open-embedded';
import { applyMigrations } from '../migrations/apply-migrations';
import { migrationsFingerprint, templateCacheDirectory } from './migrations-fingerprint';

/**
 * A fresh in-memory PGlite spends ~4 s of CPU on initdb and the migrations, and an integration run
 * opens hundreds of them. Each one instead loads an archive of a migrated, empty database (~0.8 s).
 * The archive is built once per set of migrations and PGlite version and kept in the temp directory,
 * so every test process (and the next run) shares it; two processes that build it at once each write
 * a complete file and the last rename wins.
 */
let archive: Promise<Blob> | undefined;

export function migratedEmbeddedArchive(migrationsDirectory: string): Promise<Blob> {
  archive ??= loadOrBuild(migrationsDirectory).catch((error: unknown) => {
    archive = undefined;
    throw error;
  });
  return archive;
}

async function loadOrBuild(migrationsDirectory: string): Promise<Blob> {
  const fingerprint = await migrationsFingerprint(migrationsDirectory);
  const path = join(templateCacheDirectory(), `embedded-${fingerprint}.tar`);
  const cached = await readFile(path).catch(() => undefined);
  if (cached) return new Blob([cached]);
  const built = await build(migrationsDirectory);
  await mkdir(templateCacheDirectory(), { recursive: true });
  const partial = `${path}.${process.pid}.${Date.now()}.partial`;
  try {
    await writeFile(partial, Buffer.from(await built.arrayBuffer()));
    await rename(partial, path);
  } finally {
    await rm(partial, { force: true });
  }
  return built;
}

async function build(migrationsDirectory: string): Promise<Blob> {
  const embedded = await openEmbedded('memory://');
  try {
    await applyMigrations(embedded.driver, migrationsDirectory);
    return await embedded.pglite.dumpDataDir('none');
  } finally {
    await embedded.close();
  }
}

