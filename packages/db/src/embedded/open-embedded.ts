import { existsSync } from 'node:fs';
import { resolve, join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PrismaPGlite } from 'pglite-prisma-adapter';

import { inMemoryDataDirectory } from '../connection/database-config';
import { DatabaseError } from '../connection/database-error';
import type { PreparedStatement, RawSql } from '../connection/raw-sql';
import type { SqlDriver } from '../migrations/sql-driver';
import { vectorSearchSessionSettings } from '../vector/vector-support';
import { embeddedSessionSettings } from './embedded-checkpoint';
import { lockDataDirectory, type DataDirectoryLock } from './data-directory-lock';
import { pgliteStatements } from './pglite-statements';
import { protocolAdapterClient } from './protocol-adapter-client';

export interface EmbeddedConnection {
  pglite: PGlite;
  driver: SqlDriver;
  adapter: PrismaPGlite;
  /** One statement on the PGlite session, without the Prisma client (ADR 0014); waits out an open transaction. */
  statements: RawSql;
  /** Absolute data directory, or `memory://`. */
  location: string;
  close(): Promise<void>;
}

/**
 * Opens PGlite with pgvector. On disk, the database lives in `<dataDirectory>/pgdata` next to the
 * lock file and the admin key, so one folder holds everything a local install owns.
 */
export async function openEmbedded(dataDirectory: string, lockWaitMs = 0, initialDataDirectory?: Blob): Promise<EmbeddedConnection> {
  const inMemory = dataDirectory === inMemoryDataDirectory;
  const location = inMemory ? inMemoryDataDirectory : resolve(dataDirectory);
  const lock: DataDirectoryLock | undefined = inMemory ? undefined : await lockDataDirectory(location, lockWaitMs);
  try {
    if (initialDataDirectory && !inMemory && existsSync(join(location, 'pgdata', 'PG_VERSION'))) {
      throw new DatabaseError('invalid-config', `Invalid database initialDataDirectory: ${location} already holds a database, which it would replace`);
    }
    const pglite = await PGlite.create({
      ...(inMemory ? {} : { dataDir: join(location, 'pgdata') }),
      ...(initialDataDirectory ? { loadDataDir: initialDataDirectory } : {}),
      extensions: { vector },
    });
    // PGlite is one session, so session settings hold for every query that follows.
    await pglite.exec([...vectorSearchSessionSettings, ...embeddedSessionSettings].map(([name, value]) => `SET ${name} = '${value}';`).join('\n'));
    const protocolStatements = pgliteStatements(pglite);
    return {
      pglite,
      driver: pgliteDriver(pglite),
      adapter: new PrismaPGlite(protocolAdapterClient(pglite, protocolStatements)),
      statements: {
        query: async <Row>(text: string, ...values: unknown[]) => (await protocolStatements.alone(text, values)).rows as Row[],
        execute: async (text: string, ...values: unknown[]) => (await protocolStatements.alone(text, values)).affectedRows ?? 0,
        prepared: async <Row>(statement: PreparedStatement, values: readonly unknown[]) => (await protocolStatements.alone(statement, values)).rows as Row[],
      },
      location,
      close: async () => {
        await pglite.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export function pgliteDriver(pglite: PGlite): SqlDriver {
  return {
    exec: async (script) => {
      await pglite.exec(script);
    },
    query: async <Row>(text: string, values?: unknown[]) => (await pglite.query<Row>(text, values)).rows,
  };
}
