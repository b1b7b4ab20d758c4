import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * An in-memory PGlite (with pgvector, like production) served over the Postgres wire protocol on
 * a free local port, for CLI commands that need a database only to compute something.
 * Returns its connection URL and `stop()`.
 */
export async function startThrowawayPostgres() {
  const database = await PGlite.create({ extensions: { vector } });
  // The engine's pg pool opens several connections; the server's default of one drops the rest.
  const server = new PGLiteSocketServer({ db: database, host: '127.0.0.1', port: 0, maxConnections: 32 });
  await server.start();
  const url = `postgresql://postgres@${server.getServerConn()}/postgres`;
  return {
    url,
    async stop() {
      await server.stop();
      await database.close();
    },
  };
}

/** Runs `work({ databaseUrl, shadowDatabaseUrl })` with two throwaway databases, stopping both afterwards. */
export async function withThrowawayDatabases(work) {
  const [main, shadow] = await Promise.all([startThrowawayPostgres(), startThrowawayPostgres()]);
  try {
    return await work({ databaseUrl: main.url, shadowDatabaseUrl: shadow.url });
  } finally {
    await Promise.allSettled([main.stop(), shadow.stop()]);
  }
}
