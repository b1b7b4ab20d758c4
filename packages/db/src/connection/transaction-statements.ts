import { AsyncLocalStorage } from 'node:async_hooks';

import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { rawSqlFor, type RawSql } from './raw-sql';

/**
 * What a Prisma driver adapter's transaction answers: the adapter interface every Prisma driver
 * adapter implements (`SqlQueryable` of `@prisma/driver-adapter-utils`), declared here by shape.
 */
interface AdapterQueryable {
  queryRaw(query: AdapterQuery): Promise<{ columnNames: string[]; rows: unknown[][] }>;
  executeRaw(query: AdapterQuery): Promise<number>;
}

interface AdapterQuery {
  sql: string;
  args: unknown[];
  argTypes: Array<{ scalarType: 'unknown'; arity: 'scalar' }>;
}

interface Slot {
  statements?: RawSql;
}

const slots = new AsyncLocalStorage<Slot>();

/**
 * Runs `work` in one Prisma interactive transaction and hands it, next to the Prisma transaction
 * client, the same transaction's statements straight through the driver adapter (ADR 0088): a raw
 * statement sent there skips the Prisma client's request pipeline (argument serialization, the query
 * interpreter, result mapping), measured at ≈ 0.4 ms of Node CPU per statement, while it runs on the
 * same connection, in the same transaction, as every Prisma call of `work`. Named texts run prepared as
 * they do through Prisma (the adapters name them, ADR 0086).
 *
 * The adapter's transaction is taken when Prisma starts this transaction (`capturingTransactions`
 * wraps the adapter `openDatabase` gives Prisma). When it was not taken (a Prisma client built on
 * another adapter), `statements` is the Prisma transaction client itself: slower, never another
 * connection. Rows come as the driver adapter gives them: JSON columns may be text (read them with a
 * JSON-tolerant reader), numbers of `int4` as numbers; a `Date` argument is sent as an ISO string.
 */
export async function withTransactionStatements<T>(
  prisma: PrismaClient,
  work: (transaction: Prisma.TransactionClient, statements: RawSql) => Promise<T>,
  options?: { maxWait?: number; timeout?: number },
): Promise<T> {
  const slot: Slot = {};
  return slots.run(slot, () =>
    // Read once, before the work: a transaction the work itself starts is never mistaken for this one.
    prisma.$transaction((transaction) => work(transaction, slot.statements ?? rawSqlFor(transaction)), options),
  );
}

/**
 * The adapter factory `openDatabase` gives Prisma, whose adapters report each transaction they start
 * to the `withTransactionStatements` call that started it (the first one started under the call's
 * async context, before its work runs). Everything else is the factory's and adapter's own.
 */
export function capturingTransactions<Factory extends object>(factory: Factory): Factory {
  return withOverrides(factory, {
    connect: (connect: () => Promise<object>) => async () =>
      withOverrides(await connect(), {
        startTransaction: (startTransaction: (...args: unknown[]) => Promise<AdapterQueryable>) => async (...args: unknown[]) => {
          const transaction = await startTransaction(...args);
          const slot = slots.getStore();
          if (!slot || slot.statements) return transaction;
          // Once Prisma ends the transaction (commit, rollback, its timeout's rollback) the adapter gives
          // its pooled connection back; a statement still sent through it would run in whatever uses the
          // connection next. So the statements refuse to run from the moment either end is asked for.
          let open = true;
          const ending = (end: () => Promise<unknown>) => () => {
            open = false;
            return end();
          };
          slot.statements = adapterStatements(transaction, () => open);
          return withOverrides(transaction, { commit: ending, rollback: ending });
        },
      }),
  });
}

/** `RawSql` over an adapter transaction: rows as objects by column name, in the driver adapter's value types. */
function adapterStatements(transaction: AdapterQueryable, isOpen: () => boolean): RawSql {
  const query = (text: string, values: readonly unknown[]): AdapterQuery => {
    if (!isOpen()) throw new Error('This transaction has ended: a statement sent through it now would run outside it');
    const args = values.map((value) => (value instanceof Date ? value.toISOString() : value));
    return { sql: text, args, argTypes: args.map(() => ({ scalarType: 'unknown', arity: 'scalar' })) };
  };
  return {
    query: async <Row>(text: string, ...values: unknown[]) => {
      const result = await transaction.queryRaw(query(text, values));
      return result.rows.map((row) => Object.fromEntries(result.columnNames.map((name, index) => [name, row[index]])) as Row);
    },
    execute: async (text: string, ...values: unknown[]) => transaction.executeRaw(query(text, values)),
  };
}

/** The target with some of its methods wrapped; every other member is its own, bound to it. */
function withOverrides<Target extends object>(target: Target, wraps: Record<string, (original: never) => unknown>): Target {
  // Bound once per member: Prisma reads the adapter's methods on every query.
  const bound = new Map<string | symbol, unknown>();
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      if (!bound.has(key)) {
        const method = (value as (...args: unknown[]) => unknown).bind(object);
        const wrap = typeof key === 'string' ? wraps[key] : undefined;
        bound.set(key, wrap ? wrap(method as never) : method);
      }
      return bound.get(key);
    },
  });
}
