import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PrismaClient } from '../generated/prisma/client';
import { createTestDatabaseConfig, databaseModes, type TestDatabaseConfig } from '../testing';
import { openDatabase, type Database } from './open-database';
import { preparedStatementText, queryRows, type RawSql } from './raw-sql';
import { withTransactionStatements } from './transaction-statements';
import { isTransientDatabaseError } from './transient-database-error';

const transactionId = 'SELECT txid_current()::text AS id';

/** The Prisma client with a count of the raw statements that went through its request pipeline. */
function countingClient(prisma: PrismaClient): { client: PrismaClient; rawThroughPrisma: () => number } {
  let count = 0;
  const client = prisma.$extends({
    query: {
      async $allOperations({ operation, args, query }) {
        if (operation.startsWith('$queryRaw') || operation.startsWith('$executeRaw')) count += 1;
        return query(args) as Promise<unknown>;
      },
    },
  }) as unknown as PrismaClient;
  return { client, rawThroughPrisma: () => count };
}

/**
 * ADR 0088: a Prisma interactive transaction's raw statements sent straight through the driver
 * adapter's transaction — the same connection and transaction as the Prisma calls, without the
 * client's request pipeline.
 */
describe.each(databaseModes)('withTransactionStatements (%s)', (mode) => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig(mode);
    database = await openDatabase({ ...testDatabase.config, ...(mode === 'server' ? { poolSize: 3 } : {}) });
    await database.statements.execute('CREATE TABLE transaction_statements_probe (id text PRIMARY KEY, body jsonb)');
  });

  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  it('runs its statements in the Prisma transaction, without the Prisma client', async () => {
    const { client, rawThroughPrisma } = countingClient(database.prisma);
    const ids = await withTransactionStatements(client, async (transaction, statements) => {
      const [viaPrisma] = await transaction.$queryRawUnsafe<{ id: string }[]>(transactionId);
      const [viaStatements] = await statements.query<{ id: string }>(transactionId);
      const [again] = await queryRows<{ id: string }>(statements, preparedStatementText(`${transactionId} -- named`), []);
      return [viaPrisma!.id, viaStatements!.id, again!.id];
    });
    expect(new Set(ids).size).toBe(1);
    expect(rawThroughPrisma()).toBe(1);
  });

  it('commits what both wrote, and rolls back both when the work throws', async () => {
    await withTransactionStatements(database.prisma, async (transaction, statements) => {
      await statements.execute('INSERT INTO transaction_statements_probe (id, body) VALUES ($1, $2::jsonb)', 'kept-raw', JSON.stringify({ a: 'é\u{1F600}' }));
      await transaction.$executeRawUnsafe('INSERT INTO transaction_statements_probe (id) VALUES ($1)', 'kept-prisma');
    });
    await expect(
      withTransactionStatements(database.prisma, async (transaction, statements) => {
        await statements.execute('INSERT INTO transaction_statements_probe (id) VALUES ($1)', 'undone-raw');
        await transaction.$executeRawUnsafe('INSERT INTO transaction_statements_probe (id) VALUES ($1)', 'undone-prisma');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const rows = await database.statements.query<{ id: string; body: unknown }>('SELECT id, body FROM transaction_statements_probe ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(['kept-prisma', 'kept-raw']);
    expect(rows[1]!.body).toEqual({ a: 'é\u{1F600}' });
  });

  it('fails the transaction on a failing statement, keeping its SQLSTATE visible to the transient check', async () => {
    await expect(
      withTransactionStatements(database.prisma, async (_transaction, statements) => {
        await statements.execute('INSERT INTO transaction_statements_probe (id) VALUES ($1)', 'before-error');
        await statements.query("DO $$ BEGIN RAISE EXCEPTION 'chosen as victim' USING ERRCODE = '40P01'; END $$");
      }),
    ).rejects.toSatisfy(isTransientDatabaseError);
    const rows = await database.statements.query('SELECT id FROM transaction_statements_probe WHERE id = $1', 'before-error');
    expect(rows).toEqual([]);
  });

  it('leaves a Prisma transaction started outside it as it was', async () => {
    const [row] = await database.prisma.$transaction(async (transaction) => {
      await transaction.$executeRawUnsafe('INSERT INTO transaction_statements_probe (id) VALUES ($1)', 'plain-transaction');
      return transaction.$queryRawUnsafe<{ id: string }[]>('SELECT id FROM transaction_statements_probe WHERE id = $1', 'plain-transaction');
    });
    expect(row).toEqual({ id: 'plain-transaction' });
  });

  it('refuses a statement sent through it after the transaction ended', async () => {
    let leaked: RawSql | undefined;
    await withTransactionStatements(database.prisma, async (_transaction, statements) => {
      leaked = statements;
      await statements.query('SELECT 1');
    });
    await expect(leaked!.execute('INSERT INTO transaction_statements_probe (id) VALUES ($1)', 'after-commit')).rejects.toThrow(/has ended/);
    await expect(
      withTransactionStatements(database.prisma, (_transaction, statements) => {
        leaked = statements;
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await expect(leaked!.query('INSERT INTO transaction_statements_probe (id) VALUES ($1)', 'after-rollback')).rejects.toThrow(/has ended/);
    const rows = await database.statements.query('SELECT id FROM transaction_statements_probe WHERE id IN ($1, $2)', 'after-commit', 'after-rollback');
    expect(rows).toEqual([]);
  });

  it("writes nothing once Prisma's timeout ended the transaction, whenever the statement comes", async () => {
    // The work outlives the transaction's timeout: its statement either ran inside (and was rolled
    // back with it) or was refused; it never runs on the connection after the adapter gave it back.
    await expect(
      withTransactionStatements(
        database.prisma,
        async (_transaction, statements) => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await statements.execute('INSERT INTO transaction_statements_probe (id) VALUES ($1)', 'after-timeout');
        },
        { timeout: 20 },
      ),
    ).rejects.toThrow();
    const rows = await database.statements.query('SELECT id FROM transaction_statements_probe WHERE id = $1', 'after-timeout');
    expect(rows).toEqual([]);
  });

  it('gives each of two concurrent transactions its own statements', async () => {
    // Embedded: PGlite's transaction lock runs them one after the other; server: two connections at once.
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        withTransactionStatements(database.prisma, async (transaction, statements) => {
          const [viaPrisma] = await transaction.$queryRawUnsafe<{ id: string }[]>(transactionId);
          await new Promise((resolve) => setImmediate(resolve));
          const [viaStatements] = await statements.query<{ id: string }>(transactionId);
          return [viaPrisma!.id, viaStatements!.id];
        }),
      ),
    );
    expect(first![0]).toBe(first![1]);
    expect(second![0]).toBe(second![1]);
    expect(first![0]).not.toBe(second![0]);
  });

  it.runIf(mode === 'server')('is not taken over by another transaction started inside its work', async () => {
    const ids = await withTransactionStatements(database.prisma, async (transaction, statements) => {
      const [outer] = await transaction.$queryRawUnsafe<{ id: string }[]>(transactionId);
      const inner = await database.prisma.$transaction(async (other) => (await other.$queryRawUnsafe<{ id: string }[]>(transactionId))[0]!.id);
      const [viaStatements] = await statements.query<{ id: string }>(transactionId);
      return { outer: outer!.id, inner, viaStatements: viaStatements!.id };
    });
    expect(ids.viaStatements).toBe(ids.outer);
    expect(ids.inner).not.toBe(ids.outer);
  });
});
