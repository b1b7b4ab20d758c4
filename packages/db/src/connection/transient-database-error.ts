/**
 * SQLSTATE codes that say "try again later", not "this request is wrong", each with the short
 * reason a client may see: connection exceptions (class 08), transaction rollbacks such as
 * deadlocks and serialization failures (class 40), insufficient resources such as too many
 * connections (class 53), and a server shutting down, crashing or starting up (57P01–57P03).
 */
const transientSqlStates: readonly [RegExp, string][] = [
  [/^08/, 'connection to the database failed'],
  [/^40/, 'transaction conflict (deadlock or serialization failure)'],
  [/^53/, 'database server out of resources (too many connections)'],
  [/^57P0[123]$/, 'database server shutting down or restarting'],
];
/** Driver adapter error kinds for the same situations, when the adapter has no SQLSTATE to report. */
const transientAdapterKinds = new Map([
  ['DatabaseNotReachable', 'database not reachable'],
  ['ConnectionClosed', 'database connection closed'],
  ['SocketTimeout', 'database connection timed out'],
  ['TooManyConnections', 'database server out of resources (too many connections)'],
  ['TransactionWriteConflict', 'transaction conflict (deadlock or serialization failure)'],
]);
/** Prisma: server unreachable or timed out, connection closed, pool timeout, transaction start timeout, write conflict/deadlock. */
const transientPrismaCodes = new Map([
  ['P1001', 'database not reachable'],
  ['P1002', 'database connection timed out'],
  ['P1008', 'database operation timed out'],
  ['P1017', 'database connection closed'],
  ['P2024', 'connection pool exhausted'],
  ['P2028', 'no connection free to start a transaction in time'],
  ['P2034', 'transaction conflict (deadlock or serialization failure)'],
]);
/** Node socket errors seen while a server restarts or a network blips. */
const transientSocketCodes = new Map([
  ['ECONNREFUSED', 'database connection refused'],
  ['ECONNRESET', 'database connection reset'],
  ['EPIPE', 'database connection closed'],
  ['ETIMEDOUT', 'database connection timed out'],
  ['EAI_AGAIN', 'database host name lookup failed'],
]);
/**
 * node-postgres reports a dropped connection and a pool timeout only in its message; a database
 * closed to connections (`ALLOW_CONNECTIONS false`, maintenance) answers 55000 with this text.
 */
const transientMessages: readonly [RegExp, string][] = [
  [/Connection terminated|Client has encountered a connection error/i, 'database connection terminated'],
  [/timeout exceeded when trying to connect/i, 'connection pool exhausted'],
  [/Unable to start a transaction in the given time/i, 'no connection free to start a transaction in time'],
  [/is not currently accepting connections/i, 'database not accepting connections'],
];

/**
 * True when a database error is transient — the server restarted, a connection dropped, a deadlock
 * victim was chosen, the pool had no free connection in time — so the work may succeed if retried,
 * and must not be reported as the caller's failure. Looks through Prisma's wrappers
 * (`meta.driverAdapterError.cause`) and `cause` chains.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  return transientDatabaseErrorReason(error) !== undefined;
}

/**
 * For a transient database error, a short fixed phrase saying what went wrong (safe to show a
 * client: it never repeats the driver's message, which may name hosts); otherwise undefined.
 */
export function transientDatabaseErrorReason(error: unknown): string | undefined {
  return visit(error, 0);
}

function visit(value: unknown, depth: number): string | undefined {
  if (depth > 5 || typeof value !== 'object' || value === null) return undefined;
  const candidate = value as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  for (const code of [candidate.code, candidate.originalCode]) {
    if (typeof code !== 'string') continue;
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const sqlState = transientSqlStates.find(([pattern]) => pattern.test(code));
      if (sqlState) return sqlState[1];
    }
    const known = transientPrismaCodes.get(code) ?? transientSocketCodes.get(code);
    if (known) return known;
  }
  if (typeof candidate.kind === 'string') {
    const known = transientAdapterKinds.get(candidate.kind);
    if (known) return known;
  }
  if (typeof candidate.message === 'string') {
    const message = candidate.message;
    const known = transientMessages.find(([pattern]) => pattern.test(message));
    if (known) return known[1];
  }
  return visit(candidate.cause, depth + 1) ?? visit(candidate.meta?.driverAdapterError, depth + 1);
}
