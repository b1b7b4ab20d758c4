import { randomBytes } from 'node:crypto';

import pg from 'pg';

/** The server every system runs against; trust auth on our machines. */
export const serverUrl = process.env.AGENTLOOM_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface ScenarioDatabase {
  url: string;
  /** Drops the database, closing whatever connections a crashed worker left behind. */
  drop(): Promise<void>;
}

/** A fresh, empty database, so one system's tables, dead tuples and autovacuum never touch another's. */
export async function createScenarioDatabase(label: string): Promise<ScenarioDatabase> {
  const name = `bench_dispatch_${label.replace(/[^a-z0-9]/g, '_')}_${randomBytes(4).toString('hex')}`;
  await administer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => administer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
