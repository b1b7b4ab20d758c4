import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

import { DatabaseError } from '../connection/database-error';
import { knownPreparedStatement, type PreparedStatement, type RawSql } from '../connection/raw-sql';
import type { SqlDriver } from '../migrations/sql-driver';
import { vectorSearchSessionSettings } from '../vector/vector-support';

export interface ServerConnection {
  pool: pg.Pool;
  adapter: PrismaPg;
  /** host:port/database, never the password. */
  location: string;
  /** Runs `work` with one dedicated client (migrations need session-level advisory locks). */
  withDriver<T>(work: (driver: SqlDriver) => Promise<T>): Promise<T>;
  /** One statement on any pooled connection, without the Prisma client (ADR 0014). */
  statements: RawSql;
  close(): Promise<void>;
}

/** Opens a pool and proves the server answers, failing fast with one clear line when it does not. */
export async function openServer(url: string, options: { poolSize: number; connectTimeoutMs: number }): Promise<ServerConnection> {
  const location = describeUrl(url);
  const poolConfig: pg.PoolConfig = {
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    options: vectorSearchSessionSettings.map(([name, value]) => `-c ${name}=${value}`).join(' '),
  };
  const pool = new pg.Pool(poolConfig);
  // An idle client losing its server (restart, failover) must not crash the process; the pool
  // drops it and the next query reconnects.
  pool.on('error', () => undefined);
  // A checked-out client has no pool listener, and pg-pool's query() listens with `once`: a second
  // error event on one client (the server restarting: 57P01 on every connection) was unhandled and
  // crashed the process (postgres-restart test). The client is still dropped: its next query fails
  // ("not queryable") and the pool discards a client released with an error.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseError('unreachable', `Cannot connect to the Postgres server at ${location}: ${reason}`, { cause: error });
  }
  return {
    pool,
    // A text named with `preparedStatement` / `preparedStatementText` is prepared through the Prisma client
    // too, inside its transactions as well (ADR 0086); any other text runs unnamed, as before (the adapter
    // passes the generator's answer on as pg's `name`, where undefined means unnamed; its type says string).
    adapter: new PrismaPg(pool, { statementNameGenerator: (query) => knownPreparedStatement(query.sql)?.name as string }),
    location,
    withDriver: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <Row>(text: string, values?: unknown[]) =>
            (await client.query(text, values)).rows as Row[],
        });
      } finally {
        client.release();
      }
    },
    statements: {
      query: async <Row>(text: string, ...values: unknown[]) => (await pool.query(text, values)).rows as Row[],
      execute: async (text: string, ...values: unknown[]) => (await pool.query(text, values)).rowCount ?? 0,
      // pg prepares a named statement once per pooled connection and reuses it afterwards.
      prepared: async <Row>(statement: PreparedStatement, values: readonly unknown[]) =>
        (await pool.query({ name: statement.name, text: statement.text, values: [...values] })).rows as Row[],
    },
    close: () => pool.end(),
  };
}

export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}
