import { DatabaseError, transientDatabaseErrorReason } from '@agentloom/db';

import { DomainError, isDomainError } from './domain-error';
import { databaseIntegerRange } from '../validation/database-integer.schema';
import { modelFailureKindOf } from './model-failure-kind';

/** Seconds a client is asked to wait (`Retry-After`) before retrying after database trouble. */
export const unavailableRetryAfterSeconds = 2;

/**
 * Infrastructure trouble, not the caller's mistake: the database is down, restarting, closed to
 * connections, or every pooled connection stayed busy too long. Transports answer 503 with
 * `Retry-After` (the property is what the console's header logic looks for).
 */
export class DatabaseUnavailableError extends DomainError {
  readonly retryAfterSeconds = unavailableRetryAfterSeconds;

  constructor(reason: string, options?: { cause?: unknown }) {
    super('unavailable', `The database is unavailable (${reason}); retry shortly.`);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * A model or embedder the server depends on failed (the embedder behind a memory store or search, a
 * judge's model): the server's trouble, not the caller's, so transports answer 503 with
 * `Retry-After` instead of a masked 500. The message names the kind, never the provider's words
 * (they can carry endpoints or keys' hints).
 */
export class ModelUnavailableError extends DomainError {
  readonly retryAfterSeconds = unavailableRetryAfterSeconds;

  constructor(failureKind: string, options?: { cause?: unknown }) {
    super('unavailable', `A model or embedder the server depends on failed (${failureKind}); retry shortly.`);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Prisma's "value out of range for the type" and Postgres' numeric_value_out_of_range SQLSTATE. */
const outOfRangeCodes: ReadonlySet<string> = new Set(['P2020', '22003']);

/** Prisma's "foreign key constraint failed" and Postgres' foreign_key_violation SQLSTATE. */
const foreignKeyCodes: ReadonlySet<string> = new Set(['P2003', '23503']);

/**
 * Whether the database refused with one of `codes`, looking through Prisma's wrappers
 * (`meta.driverAdapterError`, whose `originalCode` is the SQLSTATE) and `cause` chains; raw
 * statements throw the driver's error with the SQLSTATE as `code`.
 */
function hasDatabaseCode(value: unknown, codes: ReadonlySet<string>, depth = 0): boolean {
  if (depth > 5 || typeof value !== 'object' || value === null) return false;
  const candidate = value as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if ([candidate.code, candidate.originalCode].some((code) => typeof code === 'string' && codes.has(code))) return true;
  return hasDatabaseCode(candidate.cause, codes, depth + 1) || hasDatabaseCode(candidate.meta?.driverAdapterError, codes, depth + 1);
}

/**
 * The domain error a thrown value stands for: itself when it is one, `unavailable` for transient
 * database failures (pool or transaction-start timeouts, refused or terminated connections, a
 * server restarting), for a database that cannot be opened and for a failed model or embedder call
 * (`model-call-failed`, `model-configuration` and the provider kinds), and `validation` for a number
 * the database refused as out of range (22003 / P2020): a safety net behind the input schemas, which
 * bound every integer to its column's type and name the field, so this one names none. `conflict` for
 * a foreign-key violation (23503 / P2003): a safety net behind the writers that share-lock what they
 * reference (ADR 0104) — a row the request names was erased or deleted while it was being written,
 * which the client caused by racing it, not a bug. Undefined for anything else, which is a bug and
 * stays a 500. Every transport maps errors through this one function.
 */
export function domainErrorOf(error: unknown): DomainError | undefined {
  if (isDomainError(error)) return error;
  const reason = transientDatabaseErrorReason(error);
  if (reason !== undefined) return new DatabaseUnavailableError(reason, { cause: error });
  if (error instanceof DatabaseError && error.kind === 'unreachable') return new DatabaseUnavailableError('database not reachable', { cause: error });
  if (hasDatabaseCode(error, outOfRangeCodes)) {
    const { minimum, maximum } = databaseIntegerRange;
    return new DomainError('validation', `A number in the request is out of the range the database stores (integers from ${minimum} to ${maximum}).`);
  }
  if (hasDatabaseCode(error, foreignKeyCodes)) {
    return new DomainError(
      'conflict',
      'A row this request refers to was removed meanwhile (erased or deleted), or one it removes is still referred to; reload and try again.',
    );
  }
  const modelFailure = modelFailureKindOf(error);
  if (modelFailure !== undefined) return new ModelUnavailableError(modelFailure, { cause: error });
  return undefined;
}
