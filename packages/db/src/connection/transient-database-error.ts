/**
 * SQLSTATE codes that say "try again later", not "this request is wrong": connection exceptions
 * (class 08), transaction rollbacks such as deadlocks and serialization failures (class 40),
 * insufficient resources such as too many connections (class 53), and a server shutting down,
 * crashing or starting up (57P01–57P03).
 */
const transientSqlState = /^(08|40|53)|^57P0[123]$/;
/** Driver adapter error kinds for the same situations, when the adapter has no SQLSTATE to report. */
const transientAdapterKinds = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TransactionWriteConflict']);
/** Prisma: server unreachable or timed out, connection closed, pool timeout, transaction start timeout, write conflict/deadlock. */
const transientPrismaCodes = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2034']);
/** Node socket errors seen while a server restarts or a network blips. */
const transientSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);
/** node-postgres reports a dropped connection only in its message. */
const transientMessages = /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/i;

/**
 * True when a database error is transient — the server restarted, a connection dropped, a deadlock
 * victim was chosen — so the work may succeed if retried, and must not be reported as the caller's
 * failure. Looks through Prisma's wrappers (`meta.driverAdapterError.cause`) and `cause` chains.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  return visit(error, 0);
}

function visit(value: unknown, depth: number): boolean {
  if (depth > 5 || typeof value !== 'object' || value === null) return false;
  const candidate = value as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  for (const code of [candidate.code, candidate.originalCode]) {
    if (typeof code !== 'string') continue;
    if (transientSqlState.test(code) && /^[0-9A-Z]{5}$/.test(code)) return true;
    if (transientPrismaCodes.has(code) || transientSocketCodes.has(code)) return true;
  }
  if (typeof candidate.kind === 'string' && transientAdapterKinds.has(candidate.kind)) return true;
  if (typeof candidate.message === 'string' && transientMessages.test(candidate.message)) return true;
  return visit(candidate.cause, depth + 1) || visit(candidate.meta?.driverAdapterError, depth + 1);
}
