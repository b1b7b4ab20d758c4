import type { PrismaClient } from '../generated/prisma/client';

/**
 * Raw SQL for what the Prisma client cannot express (pgvector distance, full-text ranking,
 * `FOR UPDATE SKIP LOCKED`). Parameters are always bound ($1, $2 …), never interpolated.
 */
export interface RawSql {
  query<Row = Record<string, unknown>>(text: string, ...values: unknown[]): Promise<Row[]>;
  execute(text: string, ...values: unknown[]): Promise<number>;
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

/** Runs one statement on either kind of runner and returns its rows. */
export function queryRows<Row>(runner: StatementRunner, text: string, values: readonly unknown[]): Promise<Row[]> {
  return 'query' in runner ? runner.query<Row>(text, ...values) : runner.$queryRawUnsafe<Row[]>(text, ...values);
}
