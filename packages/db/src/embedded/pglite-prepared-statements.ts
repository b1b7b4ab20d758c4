import { parse, protocol, type messages, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

import type { PreparedStatement } from '../connection/raw-sql';

/** What `Describe` told us of a statement once it was parsed under its name in this PGlite session. */
interface DescribedStatement {
  readonly parameterTypes: readonly number[];
  /** Absent for a statement that returns no rows (`NoData`). */
  readonly rowDescription?: messages.RowDescriptionMessage;
}

/** Postgres's `invalid_sql_statement_name`: the session no longer holds the statement (a `DEALLOCATE` or `DISCARD` ran). */
const statementMissing = '26000';

/**
 * Named prepared statements on a PGlite session (ADR 0086). `PGlite.query` sends every statement
 * unnamed: Parse, Describe, Bind, Describe, Execute and Sync as six trips into the WASM backend, and
 * Postgres plans the text every time; for the hot-path CTEs that planning is most of the cost (the claim
 * took 1.5 ms unnamed, 0.4 ms prepared). Here a statement is parsed and described once per session, and
 * each execution is one trip: Bind, Execute and Sync in one buffer, which PGlite's main loop runs in turn.
 *
 * It holds both of PGlite's locks as `query()` does, the transaction lock first: the Prisma adapter holds
 * the transaction lock for the whole of an interactive transaction, so a statement taking only the query
 * lock could run inside someone else's transaction.
 */
export interface PglitePreparedStatements {
  /** One statement on its own: waits for any open transaction, as `PGlite.query` does. */
  alone(statement: PreparedStatement, values: readonly unknown[], options?: QueryOptions): Promise<Results>;
  /**
   * One statement inside the transaction the caller holds (PGlite's transaction lock is taken by
   * `PGlite.transaction`, whose callback this runs in): only the query lock, as `Transaction.query` does.
   */
  inTransaction(statement: PreparedStatement, values: readonly unknown[], options?: QueryOptions): Promise<Results>;
}

export function pglitePreparedStatements(pglite: PGlite): PglitePreparedStatements {
  const described = new Map<string, DescribedStatement>();

  async function describe(statement: PreparedStatement): Promise<DescribedStatement> {
    const known = described.get(statement.name);
    if (known) return known;
    const backendMessages = await pglite.execProtocolStream(
      concatenate([
        protocol.serialize.parse({ name: statement.name, text: statement.text }),
        protocol.serialize.describe({ type: 'S', name: statement.name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parameters = backendMessages.find((message): message is messages.ParameterDescriptionMessage => message.name === 'parameterDescription');
    const rowDescription = backendMessages.find((message): message is messages.RowDescriptionMessage => message.name === 'rowDescription');
    const statementDescription = { parameterTypes: parameters?.dataTypeIDs ?? [], ...(rowDescription ? { rowDescription } : {}) };
    described.set(statement.name, statementDescription);
    return statementDescription;
  }

  async function execute(statement: PreparedStatement, values: readonly unknown[]): Promise<messages.BackendMessage[]> {
    const { parameterTypes, rowDescription } = await describe(statement);
    const backendMessages = await pglite.execProtocolStream(
      concatenate([
        protocol.serialize.bind({ statement: statement.name, values: values.map((value, index) => serialize(pglite, value, parameterTypes[index])) }),
        protocol.serialize.execute(),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return rowDescription ? [rowDescription, ...backendMessages] : backendMessages;
  }

  async function run(statement: PreparedStatement, values: readonly unknown[], options?: QueryOptions): Promise<Results> {
    let backendMessages: messages.BackendMessage[];
    try {
      backendMessages = await execute(statement, values);
    } catch (error) {
      if (!isStatementMissing(error)) throw error;
      described.delete(statement.name);
      backendMessages = await execute(statement, values);
    }
    return parse.parseResults(backendMessages, pglite.parsers, options)[0] ?? { rows: [], fields: [] };
  }

  return {
    alone: async (statement, values, options) => {
      await pglite._checkReady();
      return await pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(async () => {
          const results = await run(statement, values, options);
          // What `query()` does after a statement outside a transaction; a no-op for the Node filesystem.
          await pglite.syncToFs();
          return results;
        }),
      );
    },
    inTransaction: (statement, values, options) => pglite._runExclusiveQuery(() => run(statement, values, options)),
  };
}

/** Text-format parameter values exactly as `PGlite.query` makes them: the serializer of the described type, else `toString`. */
function serialize(pglite: PGlite, value: unknown, parameterType: number | undefined): string | null {
  if (value === null || value === undefined) return null;
  const serializer = parameterType === undefined ? undefined : pglite.serializers[parameterType];
  if (serializer) return serializer(value);
  // `query()` sends `toString()` of a value no serializer takes; so do we, to bind exactly what it binds.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return String(value);
}

function isStatementMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === statementMissing;
}

function concatenate(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
