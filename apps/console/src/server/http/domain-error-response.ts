import { consoleLogger, isDomainError, type DomainErrorKind } from '@agentloom/platform';
import { errorDetails } from '~/server/error-details';

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

/** Logs a route handler failure by severity: client mistakes are not logged, outages warn, bugs error. */
export function logRouteError(error: unknown, route: string): void {
  if (!isDomainError(error)) consoleLogger.error(`${route} failed`, errorDetails(error));
  else if (error.kind === 'unavailable') consoleLogger.warn(`${route}: ${error.message}`);
}

/**
 * The JSON error response for a route handler that failed: domain errors keep their message and
 * status; anything else is answered with a masked 500.
 */
export function domainErrorResponse(error: unknown, route: string): Response {
  logRouteError(error, route);
  if (isDomainError(error)) {
    return Response.json({ error: error.message, field: error.field ?? null }, { status: statusByKind[error.kind] });
  }
  return Response.json({ error: 'Internal error' }, { status: 500 });
}
