import { domainErrorOf, type DomainError, type DomainErrorKind } from '@agentloom/platform';

/** The one table from domain error kinds to HTTP statuses for plain route handlers. */
export const statusByKind: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'tenant-suspended': 403,
  'not-found': 404,
  conflict: 409,
  'vector-search-unavailable': 409,
  'rate-limited': 429,
  unavailable: 503,
};

/**
 * The domain error behind a failure, with transient database trouble (pool or transaction-start
 * timeouts, a database down) as `unavailable`; the platform's brand check works across the several
 * copies of the platform Next bundles.
 */
export function asDomainError(error: unknown): DomainError | undefined {
  return domainErrorOf(error);
}
