import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inMemoryDataDirectory } from '../connection/database-config';
import { preparedStatement, preparedStatementText, type PreparedStatement } from '../connection/raw-sql';
import { PrismaClient } from '../generated/prisma/client';
import { openEmbedded, type EmbeddedConnection } from './open-embedded';

/** Rows, or the error's SQLSTATE (or its message when it is not a database error). */
async function outcome(rows: Promise<unknown>): Promise<{ rows: unknown } | { error: unknown }> {
  try {
    return { rows: await rows };
  } catch (error) {
    const { code, meta, message } = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } }; message?: unknown };
    return { error: meta?.driverAdapterError?.cause?.originalCode ?? code ?? message };
  }
}

function named(text: string): PreparedStatement {
  const statement = preparedStatement(text);
  if (typeof statement === 'string') throw new Error('the prepared-statement bound is exhausted in this process');
  return statement;
}

const echo = 'SELECT $1::text AS text, $2::jsonb AS document, $3::int AS whole, $4::double precision AS real, $5::boolean AS flag, $6::timestamptz AS at, $7::uuid AS id, $8::text[] AS list, $9::bigint AS big';

const texts = ['', "it's \"quoted\" \\ back\\slash", 'emoji 🧵 and a lone surrogate \ud800 end', 'line\nbreak\ttab\r', 'x'.repeat(200_000), '$1 and ; DROP TABLE parity_probe; --'];
const documents: unknown[] = [{ nested: { list: [1, 'two', null] } }, 'a bare string', [], { quote: "'\"" }, '"a JSON string"', null];
const flags: unknown[] = [true, 'yes', 0, 'ture', false, 2];

/** One row of values per input class; some are refused (a bare string is not JSON, 'ture' is no boolean). */
function valueRows(): unknown[][] {
  return texts.map((text, index) => [
    text,
    documents[index % documents.length],
    index - 3,
    index / 7,
    flags[index % flags.length],
    index % 2 === 0 ? new Date(Date.UTC(2026, 11, 3, 7, index)) : '2026-12-03 07:00:00+00',
    `00000000-0000-0000-0000-00000000000${index}`,
    [text.slice(0, 10), null, 'b,c', '{}'],
    9_007_199_254_740_993n,
  ]);
}

/**
 * The protocol path (ADR 0086) against PGlite's own `query()` and the stock Prisma adapter on the same
 * session: same values bound, same rows and column types back, same errors, and a session that carries
 * on cleanly after each error, for named and unnamed statements alike.
 */
describe('PGlite statements through the protocol path, against PGlite query() (embedded)', () => {
  let connection: EmbeddedConnection;
  let ours: PrismaClient;
  let stock: PrismaClient;

  beforeAll(async () => {
    connection = await openEmbedded(inMemoryDataDirectory);
    await connection.pglite.exec('CREATE TABLE parity_probe (id int PRIMARY KEY, note text)');
    ours = new PrismaClient({ adapter: connection.adapter });
    stock = new PrismaClient({ adapter: new PrismaPGlite(connection.pglite) });
  });

  afterAll(async () => {
    await ours?.$disconnect();
    await stock?.$disconnect();
    await connection?.close();
  });

  it('binds and parses every value class as query() does, named or not', async () => {
    const statement = named(echo);
    const seen: string[] = [];
    for (const values of valueRows()) {
      const expected = await outcome(connection.pglite.query(echo, values).then((results) => results.rows));
      expect(await outcome(connection.statements.query(echo, ...values))).toEqual(expected);
      expect(await outcome(connection.statements.prepared!(statement, values))).toEqual(expected);
      seen.push('rows' in expected ? 'rows' : 'error');
    }
    // The classes cover both outcomes: a refused value must fail alike on every path.
    expect(seen).toEqual(['rows', 'error', 'rows', 'error', 'rows', 'error']);
    expect(await connection.statements.query('SELECT 1 AS still')).toEqual([{ still: 1 }]);
  });

  it('hands Prisma what the stock adapter hands it, named or not, values and errors alike', async () => {
    const typed =
      'SELECT $1::numeric AS amount, $2::timestamptz AS at, $3::jsonb AS document, $4::bigint AS big, $5::text[] AS list, $6::bytea AS bytes, $7::date AS day, $8::int AS whole, $9::boolean AS flag';
    const values = ['12.340', new Date(Date.UTC(2026, 11, 3, 8, 0, 0, 123)), JSON.stringify({ a: ['b', 1, null] }), 9_007_199_254_740_993n, ['x', 'y,z'], Buffer.from([0, 255, 7]), '2026-12-03', -5, true];
    const expected = await outcome(stock.$queryRawUnsafe(typed, ...values));
    expect('rows' in expected).toBe(true);
    expect(await outcome(ours.$queryRawUnsafe(typed, ...values))).toEqual(expected);
    expect(await outcome(ours.$queryRawUnsafe(preparedStatementText(`${typed} `), ...values))).toEqual(expected);

    const refused = 'SELECT $1::int / $2::int AS quotient';
    const refusal = await outcome(stock.$queryRawUnsafe(refused, 1, 0));
    expect(refusal).toEqual({ error: '22012' });
    expect(await outcome(ours.$queryRawUnsafe(refused, 1, 0))).toEqual(refusal);
    expect(await outcome(ours.$queryRawUnsafe(preparedStatementText(`${refused} `), 1, 0))).toEqual(refusal);
    expect(await outcome(ours.$queryRawUnsafe('SELEC broken'))).toEqual(await outcome(stock.$queryRawUnsafe('SELEC broken')));
    expect(await ours.$executeRawUnsafe('INSERT INTO parity_probe (id, note) VALUES (1, $1), (2, $1)', 'two rows')).toBe(2);
    expect(await ours.$queryRawUnsafe('SELECT count(*)::int AS rows FROM parity_probe')).toEqual([{ rows: 2 }]);
  });

  it('carries on cleanly after a refused text, a failed statement and a value no serializer takes', async () => {
    await expect(connection.statements.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(connection.statements.query('SELECT $1::boolean AS flag', 'ture')).rejects.toThrow(/boolean/);
    await expect(connection.statements.query('SELECT 1 / $1::int AS quotient', 0)).rejects.toMatchObject({ code: '22012' });
    expect(await connection.statements.query('SELECT $1::text AS after', 'fine')).toEqual([{ after: 'fine' }]);
    expect(connection.pglite.isInTransaction()).toBe(false);
  });

  it('rolls a failed interactive transaction back whole, unnamed statements included, and the next one commits', async () => {
    const failed = await ours
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe('INSERT INTO parity_probe (id, note) VALUES (10, $1)', 'rolled back');
        await tx.$executeRawUnsafe('INSERT INTO parity_probe (id, note) VALUES (10, $1)', 'duplicate');
      })
      .catch((error: unknown) => error);
    expect(JSON.stringify(failed)).toContain('23505');
    await ours.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO parity_probe (id, note) VALUES (10, $1)', 'committed');
    });
    expect(await connection.statements.query('SELECT note FROM parity_probe WHERE id = 10')).toEqual([{ note: 'committed' }]);
  });
});
