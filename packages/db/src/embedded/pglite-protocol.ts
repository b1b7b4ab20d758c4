import { protocol, type messages, type PGlite, type ParserOptions, type QueryOptions } from '@electric-sql/pglite';

/** The session's parser map, as `parseResults` takes it. */
export type SessionParsers = PGlite['parsers'];

/** What `Describe` told us of a statement: its parameters' types and the rows it returns. */
export interface DescribedStatement {
  readonly parameterTypes: readonly number[];
  /** Absent for a statement that returns no rows (`NoData`). */
  readonly rowDescription?: messages.RowDescriptionMessage;
}

export function describedStatement(backendMessages: readonly messages.BackendMessage[]): DescribedStatement {
  const parameters = backendMessages.find((message): message is messages.ParameterDescriptionMessage => message.name === 'parameterDescription');
  const rowDescription = backendMessages.find((message): message is messages.RowDescriptionMessage => message.name === 'rowDescription');
  return { parameterTypes: parameters?.dataTypeIDs ?? [], ...(rowDescription ? { rowDescription } : {}) };
}

/** Bind (to a named statement, or the unnamed one for ''), Execute and Sync, as one buffer. */
export function bindExecuteSync(pglite: PGlite, statementName: string, described: DescribedStatement, values: readonly unknown[]): Uint8Array {
  return Buffer.concat([
    protocol.serialize.bind({ statement: statementName, values: values.map((value, index) => serialize(pglite, value, described.parameterTypes[index])) }),
    protocol.serialize.execute(),
    protocol.serialize.sync(),
  ]);
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

/**
 * The parsers and options to parse one statement's rows with. PGlite's `parseResults` merges a call's
 * own parsers into the session's ~320 on every call (≈ 0.2 ms here), and the Prisma adapter passes
 * its parsers with every statement; the merged map is kept per parser set instead. The session's
 * parsers are complete once PGlite is ready (we never call `refreshArrayTypes`).
 */
export function parsersFor(pglite: PGlite, merged: WeakMap<ParserOptions, SessionParsers>, options?: QueryOptions): { parsers: SessionParsers; options?: QueryOptions } {
  if (!options?.parsers) return { parsers: pglite.parsers, ...(options ? { options } : {}) };
  let parsers = merged.get(options.parsers);
  if (!parsers) {
    parsers = { ...pglite.parsers, ...options.parsers };
    merged.set(options.parsers, parsers);
  }
  const { parsers: _ownParsers, ...rest } = options;
  return { parsers, options: rest };
}

/** Postgres's `invalid_sql_statement_name`: the session no longer holds the statement (a `DEALLOCATE` or `DISCARD` ran). */
export function isStatementMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '26000';
}
