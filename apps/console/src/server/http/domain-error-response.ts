import { consoleLogger, unavailableRetryAfterSeconds } from '@agentloom/platform';
import { errorDetails } from '../error-details';
import { asDomainError, statusByKind } from './domain-error-status';

/** Logs a route handler failure by severity: client mistakes are not logged, outages warn, bugs error. */
export function logRouteError(error: unknown, route: string): void {
  const domainError = asDomainError(error);
  if (domainError === undefined) consoleLogger.error(`${route} failed`, errorDetails(error));
  else if (domainError.kind === 'unavailable') consoleLogger.warn(`${route}: ${domainError.message}`);
}

/**
 * The JSON error response for a route handler that failed: domain errors keep their message and
 * status; anything else is answered with a masked 500.
 */
export function domainErrorResponse(error: unknown, route: string): Response {
  logRouteError(error, route);
  const domainError = asDomainError(error);
  if (domainError !== undefined) {
    const headers: Record<string, string> = domainError.kind === 'unavailable' ? { 'Retry-After': String(unavailableRetryAfterSeconds) } : {};
    return Response.json({ error: domainError.message, field: domainError.field ?? null }, { status: statusByKind[domainError.kind], headers });
  }
  return Response.json({ error: 'Internal error' }, { status: 500 });
}
