import { randomBytes } from 'node:crypto';

import pg from 'pg';

import { applyMigrations } from '../migrations/apply-migrations';
import { openServer } from '../server/open-server';
import { migrationsFingerprint } from './migrations-fingerprint';

/**
 * A migrated, empty database on the test server that new test databases are copied from
 * (`CREATE DATABASE … TEMPLATE`), instead of running every migration again in each. It is named
 * after the migrations, built under a temporary name and renamed when complete, so a process never
 * copies a half-migrated template, and it refuses connections, so a stray session cannot block the
 * copies (Postgres copies only a database nobody is connected to).
 */
let template: Promise<string> | undefined;

export function migratedServerTemplate(serverUrl: string, migrationsDirectory: string): Promise<string> {
  template ??= findOrBuild(serverUrl, migrationsDirectory).catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

async function findOrBuild(serverUrl: string, migrationsDirectory: string): Promise<string> {
  const name = `agentloom_template_${await migrationsFingerprint(migrationsDirectory)}`;
  if (await databaseExists(serverUrl, name)) return name;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await administer(serverUrl, `CREATE DATABASE ${building}`);
  try {
    const server = await openServer(databaseUrl(serverUrl, building), { poolSize: 1, connectTimeoutMs: 10_000 });
    try {
      await server.withDriver((driver) => applyMigrations(driver, migrationsDirectory));
    } finally {
      await server.close();
    }
    await administer(serverUrl, `ALTER DATABASE ${building} RENAME TO ${name}`);
    await administer(serverUrl, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    return name;
  } catch (error) {
    // Another process finished the same template first: use theirs.
    if (await databaseExists(serverUrl, name)) return name;
    throw error;
  } finally {
    await administer(serverUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const rows = await administer(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return rows.length > 0;
}

export async function administer(serverUrl: string, statement: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(statement, values)).rows;
  } finally {
    await client.end();
  }
}
