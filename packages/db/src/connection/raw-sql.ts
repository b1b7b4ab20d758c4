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
