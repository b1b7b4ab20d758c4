import pg from 'pg';

import { databaseNameOf, withDatabaseName } from './connection-url.mjs';
import { toKnownDatabaseError } from './database-errors.mjs';

/**
 * The operations the WASM engine does not have (it only ever talks to one already-existing
 * database through its adapter), done with plain `pg`: probing, creating and dropping databases.
 */

/** Runs `work(client)` on a short-lived connection to `url`, mapping failures to Prisma error codes. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  // An idle connection can still emit 'error' (server restart); without a listener Node would crash.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw toKnownDatabaseError(error, url);
  }
  try {
    return await work(client);
  } catch (error) {
    throw toKnownDatabaseError(error, url);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws P1001/P1003/P1000 when `url` cannot be used. */
export async function checkConnection(url) {
  await withClient(url, (client) => client.query('SELECT 1'));
}

/** Creates the database `url` names, connecting through the server's maintenance database. */
export async function createDatabase(url) {
  const databaseName = databaseNameOf(url);
  await withMaintenanceClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(databaseName)}`));
  return databaseName;
}

/** Drops the database `url` names, disconnecting other sessions first (Postgres 13+). */
export async function dropDatabase(url) {
  const databaseName = databaseNameOf(url);
  await withMaintenanceClient(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseName)} WITH (FORCE)`),
  );
  return databaseName;
}

async function withMaintenanceClient(url, work) {
  try {
    return await withClient(withDatabaseName(url, 'postgres'), work);
  } catch (error) {
    // Some servers have no `postgres` database; `template1` always exists.
    if (error?.code !== 'P1003') throw retarget(error, url);
    return await withClient(withDatabaseName(url, 'template1'), work).catch((second) => {
      throw retarget(second, url);
    });
  }
}

/** Errors from the maintenance connection must name the database the user asked about. */
function retarget(error, url) {
  return error?.code === 'P1009' ? toKnownDatabaseError({ code: '42P04' }, url) : error;
}

export function quoteIdentifier(name) {
  return `"${name.replaceAll('"', '""')}"`;
}
