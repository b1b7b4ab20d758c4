import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../connection/open-database';
import { preparedStatement, preparedStatementText, queryRows, type PreparedStatement } from '../connection/raw-sql';
import { createTestDatabaseConfig, type TestDatabaseConfig } from '../testing';

function named(text: string): PreparedStatement {
  const statement = preparedStatement(text);
  if (typeof statement === 'string') throw new Error('the prepared-statement bound is exhausted in this process');
  return statement;
}

const insertProbe = named('INSERT INTO prepared_probe (id, note, payload) VALUES ($1::int, $2::text, $3::jsonb) RETURNING id, note, payload');
const countProbes = named('SELECT count(*)::int AS probes FROM prepared_probe WHERE id = $1::int');

/**
 * Hot statements on the PGlite session run as named prepared statements (ADR 0086): parsed and
 * described once per session, then one Bind/Execute/Sync trip per execution. These tests hold it to
 * what `PGlite.query` does (same values in, same rows out, same errors) and to the one thing a
 * single-session database must never get wrong: a statement never lands inside someone else's
 * transaction.
 */
describe('prepared statements on PGlite (embedded)', () => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig('embedded');
    database = await openDatabase(testDatabase.config);
    await database.statements.execute('CREATE TABLE prepared_probe (id int PRIMARY KEY, note text, payload jsonb)');
  });

  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  it('has the embedded statements run prepared statements', () => {
    expect(database.mode).toBe('embedded');
    expect(typeof database.statements.prepared).toBe('function');
  });

  it('prepares a statement once per session and runs it from a cached plan afterwards', async () => {
    const statement = named(`SELECT count(*)::int AS runs FROM runs WHERE status = $1::"RunStatus" AND tenant_id = $2::uuid`);
    for (let execution = 0; execution < 8; execution += 1) {
      expect(await queryRows(database.statements, statement, ['queued', '00000000-0000-0000-0000-000000000000'])).toEqual([{ runs: 0 }]);
    }
    const prepared = await database.statements.query<{ generic_plans: string; custom_plans: string }>(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
      statement.name,
    );
    expect(prepared).toHaveLength(1);
    expect(Number(prepared[0]!.generic_plans)).toBeGreaterThan(0);
    expect(Number(prepared[0]!.custom_plans) + Number(prepared[0]!.generic_plans)).toBe(8);
  });

  it('throws the database error with its code, and the session carries on cleanly afterwards', async () => {
    await queryRows(database.statements, insertProbe, [1, 'first', { n: 1 }]);
    const duplicate = queryRows(database.statements, insertProbe, [1, 'again', { n: 2 }]);
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    await expect(queryRows(database.statements, named('SELECT 1 / $1::int AS quotient'), [0])).rejects.toMatchObject({ code: '22012' });
    // Not left in an aborted transaction or with a half-read result: the next statements run normally.
    expect(await queryRows(database.statements, countProbes, [1])).toEqual([{ probes: 1 }]);
    expect(await database.statements.query('SELECT note FROM prepared_probe WHERE id = 1')).toEqual([{ note: 'first' }]);
  });

  it('returns no rows for a statement without a result, and the rows of one with RETURNING', async () => {
    const update = named('UPDATE prepared_probe SET note = $2::text WHERE id = $1::int');
    expect(await queryRows(database.statements, update, [1, 'updated'])).toEqual([]);
    expect(await queryRows(database.statements, insertProbe, [2, 'second', { n: 2 }])).toEqual([{ id: 2, note: 'second', payload: { n: 2 } }]);
  });

  it('prepares the statement again when the session lost it', async () => {
    const statement = named('SELECT $1::int + 1 AS next');
    expect(await queryRows(database.statements, statement, [1])).toEqual([{ next: 2 }]);
    await database.statements.execute('DEALLOCATE ALL');
    expect(await queryRows(database.statements, statement, [2])).toEqual([{ next: 3 }]);
  });

  it('never runs inside an open Prisma interactive transaction: it waits for it and its write survives its rollback', async () => {
    let transactionEnded = false;
    let releaseTransaction!: () => void;
    const transactionHeld = new Promise<void>((resolve) => (releaseTransaction = resolve));
    let transactionStarted!: () => void;
    const started = new Promise<void>((resolve) => (transactionStarted = resolve));

    const transaction = database.prisma
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO prepared_probe (id, note) VALUES (100, 'inside the transaction')`);
        transactionStarted();
        await transactionHeld;
        transactionEnded = true;
        throw new Error('roll back');
      })
      .catch((error: unknown) => error);

    await started;
    const outside = queryRows(database.statements, insertProbe, [101, 'outside', null]).then((rows) => ({ rows, ranAfterTransaction: transactionEnded }));
    releaseTransaction();
    expect(await transaction).toBeInstanceOf(Error);
    const result = await outside;
    expect(result.ranAfterTransaction).toBe(true);
    expect(await database.statements.query('SELECT id FROM prepared_probe WHERE id IN (100, 101) ORDER BY id')).toEqual([{ id: 101 }]);
  });

  it('keeps concurrent prepared and unnamed statements apart', async () => {
    const writes = Array.from({ length: 40 }, (_, index) =>
      index % 2 === 0
        ? queryRows(database.statements, insertProbe, [1000 + index, `prepared ${index}`, { index }])
        : database.statements.query('INSERT INTO prepared_probe (id, note) VALUES ($1, $2) RETURNING id, note', 1000 + index, `unnamed ${index}`),
    );
    const results = await Promise.all(writes);
    for (const [index, rows] of results.entries()) expect((rows as Array<{ id: number }>)[0]!.id).toBe(1000 + index);
    const reads = await Promise.all(Array.from({ length: 40 }, (_, index) => queryRows(database.statements, countProbes, [1000 + index])));
    expect(reads.every((rows) => JSON.stringify(rows) === JSON.stringify([{ probes: 1 }]))).toBe(true);
  });

  describe('through the Prisma client', () => {
    const typedEcho =
      'SELECT $1::numeric AS amount, $2::timestamptz AS at, $3::jsonb AS document, $4::bigint AS big, $5::text[] AS list, $6::bytea AS bytes, $7::date AS day, $8::int AS whole';
    const echoValues = ['12.340', new Date(Date.UTC(2026, 11, 3, 8, 0, 0, 123)), JSON.stringify({ a: ['b', 1, null] }), 9_007_199_254_740_993n, ['x', 'y,z'], Buffer.from([0, 255, 7]), '2026-12-03', -5];

    it('runs a named text prepared and hands Prisma the same values as the unnamed text', async () => {
      const named = preparedStatementText(typedEcho);
      // The same statement, but a text nobody named: it runs unnamed.
      const unnamed = `${typedEcho} `;
      const viaNamed = await database.prisma.$queryRawUnsafe(named, ...echoValues);
      const viaUnnamed = await database.prisma.$queryRawUnsafe(unnamed, ...echoValues);
      expect(viaNamed).toEqual(viaUnnamed);
      const plans = await database.statements.query<{ count: number }>(
        'SELECT (generic_plans + custom_plans)::int AS count FROM pg_prepared_statements WHERE statement = $1',
        typedEcho,
      );
      expect(plans).toEqual([{ count: 1 }]);
    });

    it('runs a named text inside an interactive transaction, so it commits and rolls back with it', async () => {
      const insert = preparedStatementText('INSERT INTO prepared_probe (id, note) VALUES ($1::int, $2::text)');
      await database.prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(insert, 200, 'committed with its transaction');
      });
      const rolledBack = await database.prisma
        .$transaction(async (tx) => {
          await tx.$executeRawUnsafe(insert, 201, 'rolled back with its transaction');
          throw new Error('roll back');
        })
        .catch((error: unknown) => error);
      expect(rolledBack).toBeInstanceOf(Error);
      expect(await database.statements.query('SELECT id FROM prepared_probe WHERE id IN (200, 201) ORDER BY id')).toEqual([{ id: 200 }]);
      const uses = await database.statements.query<{ count: number }>(
        'SELECT (generic_plans + custom_plans)::int AS count FROM pg_prepared_statements WHERE name = $1',
        named(insert).name,
      );
      expect(uses).toEqual([{ count: 2 }]);
    });

    it('fails a transaction whose named statement fails, with the database code, and the session carries on', async () => {
      const insert = preparedStatementText('INSERT INTO prepared_probe (id, note) VALUES ($1::int, $2::text)');
      const failed = await database.prisma
        .$transaction(async (tx) => {
          await tx.$executeRawUnsafe(insert, 300, 'first');
          await tx.$executeRawUnsafe(insert, 300, 'duplicate');
        })
        .catch((error: unknown) => error);
      expect(JSON.stringify(failed)).toContain('23505');
      expect(await database.statements.query('SELECT count(*)::int AS count FROM prepared_probe WHERE id = 300')).toEqual([{ count: 0 }]);
      await database.prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(insert, 300, 'after the failure');
      });
      expect(await database.statements.query('SELECT note FROM prepared_probe WHERE id = 300')).toEqual([{ note: 'after the failure' }]);
    });
  });
});
