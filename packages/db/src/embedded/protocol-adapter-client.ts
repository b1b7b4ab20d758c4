import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

import { knownPreparedStatement } from '../connection/raw-sql';
import type { PgliteStatements } from './pglite-statements';

type Query = (text: string, values?: unknown[], options?: QueryOptions) => Promise<Results>;

/**
 * The PGlite the Prisma adapter talks to (ADR 0086): the real one, except that its statements run
 * through `PgliteStatements` — a text named with `preparedStatement` / `preparedStatementText` as that
 * prepared statement, any other in two protocol trips instead of six, and parsed without merging the
 * adapter's parsers into the session's on every statement. On its own (both locks), or inside an
 * interactive transaction, which already holds PGlite's transaction lock (only the query lock). Every
 * other member is PGlite's own, bound to the real instance because PGlite keeps its state in private fields.
 */
export function protocolAdapterClient(pglite: PGlite, statements: PgliteStatements): PGlite {
  const query: Query = (text, values = [], options) => statements.alone(knownPreparedStatement(text) ?? text, values, options);
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) => pglite.transaction((tx) => callback(protocolTransaction(tx, statements)));
  return withOverrides(pglite, { query, transaction });
}

function protocolTransaction(tx: Transaction, statements: PgliteStatements): Transaction {
  const query: Query = async (text, values = [], options) => {
    if (tx.closed) throw new Error('Transaction is closed');
    return statements.inTransaction(knownPreparedStatement(text) ?? text, values, options);
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
