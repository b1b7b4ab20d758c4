import { createHash } from 'node:crypto';

import type { PrismaClient } from '../generated/prisma/client';

/**
 * Raw SQL for what the Prisma client cannot express (pgvector distance, full-text ranking,
 * `FOR UPDATE SKIP LOCKED`). Parameters are always bound ($1, $2 …), never interpolated.
 */
export interface RawSql {
  query<Row = Record<string, unknown>>(text: string, ...values: unknown[]): Promise<Row[]>;
  execute(text: string, ...values: unknown[]): Promise<number>;
  /**
   * Runs a hot statement as a named prepared statement where the driver keeps them (the pg pool: once
   * per connection; PGlite: once per session, ADR 0086); absent where it cannot (Prisma), and callers fall back to `query`.
   */
  prepared?<Row = Record<string, unknown>>(statement: PreparedStatement, values: readonly unknown[]): Promise<Row[]>;
}

/**
 * A hot-path statement whose text never changes, named by its hash. Postgres plans an unnamed
 * statement afresh on every execution; a named one is planned at most a few times per connection and
 * then runs from a cached generic plan. For the dispatch statements (big CTEs) planning was as long as
 * executing (ADR 0055). Only constant texts belong here: every distinct text stays prepared on every
 * pooled connection for the connection's life.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

const preparedByText = new Map<string, PreparedStatement>();
/** Bounds the names one process hands out, so a dynamic text passed by mistake cannot grow every connection without end. */
export const maxPreparedStatements = 64;

/**
 * Names a constant statement text (memoized, so a call site may wrap its literal inline). Past
 * `maxPreparedStatements` distinct texts, a text runs unnamed: correct, only planned every time.
 */
export function preparedStatement(text: string): PreparedStatement | string {
  const known = preparedByText.get(text);
  if (known) return known;
  if (preparedByText.size >= maxPreparedStatements) return text;
  const statement = { name: `agentloom_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`, text };
  preparedByText.set(text, statement);
  return statement;
}

/**
 * Names a constant text that is sent through a Prisma client (often inside an interactive transaction)
 * and returns the text itself. Both databases' Prisma adapters run a named text as a prepared statement
 * (ADR 0086: PrismaPg's statement names on the server, the protocol path on PGlite).
 */
export function preparedStatementText(text: string): string {
  preparedStatement(text);
  return text;
}

/** The name a text was given by `preparedStatement`, if it was. */
export function knownPreparedStatement(text: string): PreparedStatement | undefined {
  return preparedByText.get(text);
}

/** Works for the root client and inside `$transaction` callbacks alike. */
export type PrismaExecutor = Pick<PrismaClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;

export function rawSqlFor(client: PrismaExecutor): RawSql {
  return {
    query: <Row>(text: string, ...values: unknown[]) => client.$queryRawUnsafe<Row[]>(text, ...values),
    execute: (text: string, ...values: unknown[]) => client.$executeRawUnsafe(text, ...values),
  };
}

/** Where a single hot-path statement may run: the Prisma client (or a transaction of it), or `Database.statements`. */
export type StatementRunner = PrismaExecutor | RawSql;

/** Runs one statement that returns no rows on either kind of runner; answers the affected row count. */
export function executeStatement(runner: StatementRunner, text: string, values: readonly unknown[] = []): Promise<number> {
  return 'execute' in runner ? runner.execute(text, ...values) : runner.$executeRawUnsafe(text, ...values);
}

/** Runs one statement on either kind of runner and returns its rows; a prepared statement runs prepared where the runner can. */
export function queryRows<Row>(runner: StatementRunner, statement: string | PreparedStatement, values: readonly unknown[]): Promise<Row[]> {
  const text = typeof statement === 'string' ? statement : statement.text;
  if (!('query' in runner)) return runner.$queryRawUnsafe<Row[]>(text, ...values);
  if (typeof statement !== 'string' && runner.prepared) return runner.prepared<Row>(statement, values);
  return runner.query<Row>(text, ...values);
}
