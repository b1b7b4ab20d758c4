import { parse, protocol, type messages, type PGlite, type ParserOptions, type QueryOptions, type Results } from '@electric-sql/pglite';

import type { PreparedStatement } from '../connection/raw-sql';
import { bindExecuteSync, describedStatement, isStatementMissing, parsersFor, type DescribedStatement, type SessionParsers } from './pglite-protocol';

/**
 * Statements on a PGlite session through its wire protocol (ADR 0086). `PGlite.query` sends Parse,
 * Describe, Bind, Describe, Execute and Sync as six trips into the WASM backend and plans the text every
 * time. Here:
 *
 * - a named statement (`PreparedStatement`) is parsed and described once per session; each execution
 *   is then one trip (Bind, Execute and Sync in one buffer, which PGlite's main loop runs in turn);
 * - any other text runs unnamed in two trips: Parse + Describe, then Bind + Execute + Sync.
 *
 * Values are serialized and rows parsed exactly as `query()` does it, with PGlite's own serializers and
 * `parseResults`. `alone` holds both of PGlite's locks as `query()` does, the transaction lock first: the
 * Prisma adapter holds that lock for the whole of an interactive transaction, so a statement taking only
 * the query lock could run inside someone else's transaction. `inTransaction` is for a caller inside
 * `PGlite.transaction` (which holds the transaction lock): only the query lock, as `Transaction.query`.
 */
export interface PgliteStatements {
  alone(statement: PreparedStatement | string, values: readonly unknown[], options?: QueryOptions): Promise<Results>;
  inTransaction(statement: PreparedStatement | string, values: readonly unknown[], options?: QueryOptions): Promise<Results>;
}

export function pgliteStatements(pglite: PGlite): PgliteStatements {
  const described = new Map<string, DescribedStatement>();
  const mergedParsers = new WeakMap<ParserOptions, SessionParsers>();
  const noSync = { syncToFs: false };

  async function describeNamed(statement: PreparedStatement): Promise<DescribedStatement> {
    const known = described.get(statement.name);
    if (known) return known;
    const parseMessage = protocol.serialize.parse({ name: statement.name, text: statement.text });
    const describeMessage = protocol.serialize.describe({ type: 'S', name: statement.name });
    const description = describedStatement(await pglite.execProtocolStream(Buffer.concat([parseMessage, describeMessage, protocol.serialize.sync()]), noSync));
    described.set(statement.name, description);
    return description;
  }

  async function executeNamed(statement: PreparedStatement, values: readonly unknown[]): Promise<messages.BackendMessage[]> {
    const description = await describeNamed(statement);
    return withRows(description, await pglite.execProtocolStream(bindExecuteSync(pglite, statement.name, description, values), noSync));
  }

  async function runNamed(statement: PreparedStatement, values: readonly unknown[]): Promise<messages.BackendMessage[]> {
    try {
      return await executeNamed(statement, values);
    } catch (error) {
      if (!isStatementMissing(error)) throw error;
      described.delete(statement.name);
      return await executeNamed(statement, values);
    }
  }

  async function runUnnamed(text: string, values: readonly unknown[]): Promise<messages.BackendMessage[]> {
    // Until a Sync went out, an error (Postgres refusing the text, a value no serializer takes) leaves
    // the backend skipping messages: the Sync afterwards brings it back to ready-for-query.
    let synced = false;
    try {
      const parseMessage = protocol.serialize.parse({ text });
      const description = describedStatement(await pglite.execProtocolStream(Buffer.concat([parseMessage, protocol.serialize.describe({ type: 'S' })]), noSync));
      const bound = bindExecuteSync(pglite, '', description, values);
      synced = true;
      return withRows(description, await pglite.execProtocolStream(bound, noSync));
    } finally {
      if (!synced) await pglite.execProtocolStream(protocol.serialize.sync(), { ...noSync, throwOnError: false });
    }
  }

  async function run(statement: PreparedStatement | string, values: readonly unknown[], options?: QueryOptions): Promise<Results> {
    const backendMessages = typeof statement === 'string' ? await runUnnamed(statement, values) : await runNamed(statement, values);
    const parsing = parsersFor(pglite, mergedParsers, options);
    return parse.parseResults(backendMessages, parsing.parsers, parsing.options)[0] ?? { rows: [], fields: [] };
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

/** The execution's messages behind the described row layout, so `parseResults` names and parses the columns. */
function withRows(description: DescribedStatement, backendMessages: messages.BackendMessage[]): messages.BackendMessage[] {
  return description.rowDescription ? [description.rowDescription, ...backendMessages] : backendMessages;
}
