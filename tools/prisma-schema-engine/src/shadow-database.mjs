import { randomUUID } from 'node:crypto';

import { withDatabaseName } from './connection-url.mjs';
import { createDatabase, dropDatabase, withClient } from './database-administration.mjs';

/**
 * Provides a blank database for the engine's shadow connection. `@prisma/adapter-pg`'s own
 * `connectToShadowDb` is unusable here: given a connection string, its shadow pool connects to the
 * main database (the string overrides `database`), and it drops the shadow database before closing
 * the pool that still holds connections to it.
 */

/**
 * A throwaway database `prisma_shadow_<uuid>` next to the main one. Returns its URL and a function
 * that drops it; call that only after every connection to it has been closed.
 */
export async function createTemporaryShadowDatabase(mainUrl) {
  const url = withDatabaseName(mainUrl, `prisma_shadow_${randomUUID().replaceAll('-', '')}`);
  await createDatabase(url);
  return { url, drop: () => dropDatabase(url) };
}

/**
 * Empties a user-provided shadow database (`shadowDatabaseUrl`). The engine connects to the shadow
 * database several times per command and expects it blank each time, so this runs on every connect.
 */
export async function wipeShadowDatabase(shadowUrl) {
  await withClient(shadowUrl, (client) =>
    client.query(`
      DO $$
      DECLARE schema_record record;
      BEGIN
        FOR schema_record IN
          SELECT nspname FROM pg_namespace
          WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
        LOOP
          EXECUTE format('DROP SCHEMA %I CASCADE', schema_record.nspname);
        END LOOP;
        CREATE SCHEMA public;
      END $$;`),
  );
}
