import { consoleLogger, isDomainError, type DomainErrorKind } from '@agentloom/platform';
import { errorDetails } from '~/server/error-details';

/** The one table from domain error kinds to HTTP statuses for plain route handlers. */
const statusByKind: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 503,
};

/**
 * The JSON error response for a route handler that failed: domain errors keep their message and
 * status; anything else is logged and answered with a masked 500.
 */
export function domainErrorResponse(error: unknown, route: string): Response {
  if (isDomainError(error)) {
    if (error.kind === 'unavailable') consoleLogger.warn(`${route}: ${error.message}`);
    return Response.json({ error: error.message, field: error.field ?? null }, { status: statusByKind[error.kind] });
  }
  consoleLogger.error(`${route} failed`, errorDetails(error));
  return Response.json({ error: 'Internal error' }, { status: 500 });
}
