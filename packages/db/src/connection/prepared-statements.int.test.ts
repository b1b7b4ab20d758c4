import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '../testing';
import { openDatabase, type Database } from './open-database';
import { maxPreparedStatements, preparedStatement, preparedStatementText, queryRows } from './raw-sql';

/**
 * Hot statements run as named prepared statements on the server (ADR 0055): Postgres plans them a few
 * times per connection and then reuses a generic plan, where an unnamed statement is planned on every
 * execution. One pooled connection, so the session views below see the statements the pool prepared.
 */
describe('prepared hot statements (server)', () => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig('server');
    database = await openDatabase({ ...testDatabase.config, poolSize: 1 });
  });

  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  it('prepares a statement once per connection and runs it from a cached plan afterwards', async () => {
    const statement = preparedStatement(`SELECT count(*)::int AS runs FROM runs WHERE status = $1::"RunStatus" AND tenant_id = $2::uuid`);
    expect(typeof statement).toBe('object');
    for (let execution = 0; execution < 8; execution += 1) {
      const rows = await queryRows<{ runs: number }>(database.statements, statement, ['queued', '00000000-0000-0000-0000-000000000000']);
      expect(rows).toEqual([{ runs: 0 }]);
    }
    const prepared = await database.statements.query<{ name: string; generic_plans: string; custom_plans: string }>(
      'SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
      typeof statement === 'object' ? statement.name : '',
    );
    expect(prepared).toHaveLength(1);
    // Five custom plans, then the generic plan is cheaper than planning again.
    expect(Number(prepared[0]!.generic_plans)).toBeGreaterThan(0);
    expect(Number(prepared[0]!.custom_plans) + Number(prepared[0]!.generic_plans)).toBe(8);
  });

  it('runs plain text unnamed: nothing is prepared for it', async () => {
    await queryRows(database.statements, 'SELECT 41 + 1 AS answer', []);
    const prepared = await database.statements.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
    expect(prepared.map((row) => row.statement)).not.toContain('SELECT 41 + 1 AS answer');
  });

  it('prepares a named text sent through the Prisma client, inside its transactions too (ADR 0086)', async () => {
    const text = preparedStatementText('SELECT $1::int * 2 AS doubled, $2::numeric AS amount');
    const name = (preparedStatement(text) as { name: string }).name;
    expect(await database.prisma.$queryRawUnsafe(text, 21, '1.50')).toEqual(await database.prisma.$queryRawUnsafe(`${text} `, 21, '1.50'));
    const answers = await database.prisma.$transaction(async (tx) => [await tx.$queryRawUnsafe(text, 1, '0'), await tx.$queryRawUnsafe(text, 2, '0')]);
    expect(answers.map((rows) => (rows as Array<{ doubled: number }>)[0]!.doubled)).toEqual([2, 4]);
    const uses = await database.statements.query<{ count: number }>(
      'SELECT (generic_plans + custom_plans)::int AS count FROM pg_prepared_statements WHERE name = $1',
      name,
    );
    expect(uses).toEqual([{ count: 3 }]);
  });

  it('stops naming new texts past the bound, so a dynamic text cannot grow every connection without end', async () => {
    const texts = Array.from({ length: maxPreparedStatements + 5 }, (_, index) => `SELECT ${index}::int AS bounded_probe`);
    const statements = texts.map((text) => preparedStatement(text));
    expect(statements.filter((statement) => typeof statement === 'string').length).toBeGreaterThanOrEqual(5);
    for (const [index, statement] of statements.entries()) {
      expect(await queryRows(database.statements, statement, [])).toEqual([{ bounded_probe: index }]);
    }
    const prepared = await database.statements.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_prepared_statements');
    expect(prepared[0]!.count).toBeLessThanOrEqual(maxPreparedStatements);
  });

  it('gives the same text the same name, so a call site may wrap its literal inline', () => {
    const text = 'SELECT 1 AS same_text';
    expect(preparedStatement(text)).toBe(preparedStatement(text));
  });
});
