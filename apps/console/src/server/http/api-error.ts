// Relative imports: unit tests import this module, and vitest does not know the app's `~` alias.
import { consoleLogger, unavailableRetryAfterSeconds } from '@agentloom/platform';
import { errorDetails } from '../error-details';
import { asDomainError, statusByKind } from './domain-error-status';

/**
 * A failure that belongs to HTTP itself rather than to the platform (a body too large to read), so
 * it has no DomainError kind; it still answers with the API's one error shape.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

/** The body every `/api/v1` error has: `{ error: { kind, message, field? } }`. */
export interface ApiErrorBody {
  error: { kind: string; message: string; field?: string };
}

/**
 * Maps any thrown value to the API's error response: domain errors keep kind, message and field;
 * anything unexpected is logged in full and answered with a masked 500.
 */
export function apiErrorResponse(error: unknown, route: string): Response {
  if (error instanceof HttpError) return errorJson(error.status, { kind: error.kind, message: error.message });
  const domainError = asDomainError(error);
  if (domainError === undefined) {
    consoleLogger.error(`${route} failed`, errorDetails(error));
    return errorJson(500, { kind: 'internal', message: 'Internal error' });
  }
  // Client mistakes are not logged; an unreachable database or a failed embedder is worth a warning,
  // with the underlying error (the answer names only its kind).
  if (domainError.kind === 'unavailable') consoleLogger.warn(`${route}: ${domainError.message}`, causeOf(domainError.cause));
  const { kind, message, field } = domainError;
  const response = errorJson(statusByKind[kind], { kind, message, ...(field ? { field } : {}) });
  // RFC 9110: a 401 names the scheme the client should use.
  if (kind === 'unauthenticated') response.headers.set('WWW-Authenticate', 'Bearer');
  // Infrastructure trouble passes: say when to try again.
  if (kind === 'unavailable') response.headers.set('Retry-After', String(unavailableRetryAfterSeconds));
  return response;
}

/** The underlying error's name and message (no stack: an outage repeats this warning per request). */
function causeOf(cause: unknown): Record<string, unknown> | undefined {
  if (cause === undefined) return undefined;
  const { name, message, value } = errorDetails(cause) as { name?: unknown; message?: unknown; value?: unknown };
  return { cause: value === undefined ? { name, message } : { value } };
}

function errorJson(status: number, error: ApiErrorBody['error']): Response {
  return Response.json({ error } satisfies ApiErrorBody, { status, headers: { 'Cache-Control': 'no-store' } });
}
