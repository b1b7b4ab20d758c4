import type { DomainError, DomainErrorKind } from '@agentloom/platform';

/** The one table from domain error kinds to HTTP statuses for plain route handlers. */
export const statusByKind: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 503,
};

/**
 * `isDomainError` from the platform uses `instanceof`, which fails in route handlers: Next bundles
 * `@agentloom/platform` into several chunks (instrumentation, each route), and the platform
 * instance on `globalThis` was built by whichever copy opened it first, so its errors are instances
 * of another copy's class. The shape (name + a known kind) is what we rely on instead.
 */
export function asDomainError(error: unknown): DomainError | undefined {
  if (!(error instanceof Error) || error.name !== 'DomainError' || !('kind' in error)) return undefined;
  return typeof error.kind === 'string' && error.kind in statusByKind ? (error as DomainError) : undefined;
}
