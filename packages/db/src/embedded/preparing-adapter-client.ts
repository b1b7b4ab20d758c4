import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

import { knownPreparedStatement } from '../connection/raw-sql';
import type { PglitePreparedStatements } from './pglite-prepared-statements';

type Query = (text: string, values?: unknown[], options?: QueryOptions) => Promise<Results>;

/**
 * The PGlite the Prisma adapter talks to (ADR 0086): the real one, except that a statement whose text
 * was named with `preparedStatement` / `preparedStatementText` runs as that named prepared statement, on
 * its own (both locks) or inside an interactive transaction (the transaction already holds PGlite's
 * transaction lock, so only the query lock). Everything else, and every other member, is PGlite's own;
 * methods are bound to the real instance because PGlite keeps its state in private fields.
 */
export function preparingAdapterClient(pglite: PGlite, preparedStatements: PglitePreparedStatements): PGlite {
  const query: Query = (text, values = [], options) => {
    const statement = knownPreparedStatement(text);
    return statement ? preparedStatements.alone(statement, values, options) : pglite.query(text, values, options);
  };
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) => pglite.transaction((tx) => callback(preparingTransaction(tx, preparedStatements)));
  return withOverrides(pglite, { query, transaction });
}

function preparingTransaction(tx: Transaction, preparedStatements: PglitePreparedStatements): Transaction {
  const query: Query = (text, values = [], options) => {
    const statement = knownPreparedStatement(text);
    if (!statement) return tx.query(text, values, options);
    if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
    return preparedStatements.inTransaction(statement, values, options);
  };
  return withOverrides(tx, { query });
}

function withOverrides<Target extends object>(target: Target, overrides: Record<string, unknown>): Target {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'string' && property in overrides) return overrides[property];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
