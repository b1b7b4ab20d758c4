import { domainErrorOf, isDomainError, type DomainErrorKind } from '@agentloom/platform';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';

/** The one table from domain error kinds to tRPC codes (and so to HTTP statuses). */
const codeByKind: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  validation: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  'tenant-suspended': 'FORBIDDEN',
  'not-found': 'NOT_FOUND',
  // Before `conflict`: a plain CONFLICT raised by tRPC itself reads back as `conflict`.
  'vector-search-unavailable': 'CONFLICT',
  conflict: 'CONFLICT',
  'rate-limited': 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
};

export const internalErrorMessage = 'Internal error';

export type MappedError = { severity: 'expected' | 'warning'; error: TRPCError } | { severity: 'internal'; error: TRPCError; original: unknown };

/**
 * Turns whatever a procedure failed with into the error the client sees. Domain errors and input
 * validation keep their message; anything else becomes INTERNAL_SERVER_ERROR with the message
 * masked, and is reported as `internal` so the caller logs the original.
 */
export function mapProcedureError(error: TRPCError): MappedError {
  const cause = error.cause;
  // Transient database trouble (pool or transaction-start timeouts, a database down) counts as `unavailable`.
  const domainError = domainErrorOf(cause);
  if (domainError !== undefined) {
    const code = codeByKind[domainError.kind];
    const severity = domainError.kind === 'unavailable' ? 'warning' : 'expected';
    return { severity, error: new TRPCError({ code, message: domainError.message, cause: domainError }) };
  }
  const issue = firstSchemaIssue(cause);
  if (issue !== undefined) {
    const message = `${issue.field}: ${issue.message}`;
    return { severity: 'expected', error: new TRPCError({ code: 'BAD_REQUEST', message, cause }) };
  }
  // tRPC's own client errors (unknown procedure, wrong method, unparsable body or input) are safe
  // to show; they may carry the parser's error as their cause, which does not make them ours.
  if (error.code !== 'INTERNAL_SERVER_ERROR') {
    return { severity: 'expected', error };
  }
  return {
    severity: 'internal',
    error: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: internalErrorMessage }),
    original: cause ?? error,
  };
}

/** The message a client may see for this error. */
export function maskedMessage(error: TRPCError): string {
  return error.code === 'INTERNAL_SERVER_ERROR' ? internalErrorMessage : error.message;
}

/** tRPC codes back to the REST API's error kinds, for errors raised by tRPC itself. */
const kindByCode: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  ...Object.fromEntries(Object.entries(codeByKind).map(([kind, code]) => [code, kind])),
  PARSE_ERROR: 'validation',
  PAYLOAD_TOO_LARGE: 'payload-too-large',
  METHOD_NOT_SUPPORTED: 'method-not-allowed',
  INTERNAL_SERVER_ERROR: 'internal',
};

/** The error's kind as the REST API names it (`validation`, `not-found`, …, `internal`). */
export function errorKind(error: TRPCError): string {
  if (isDomainError(error.cause)) return error.cause.kind;
  return kindByCode[error.code] ?? error.code.toLowerCase().replaceAll('_', '-');
}

/** The input field an error is about, as a dotted path starting with `input`, or null. */
export function errorField(error: TRPCError): string | null {
  if (isDomainError(error.cause)) return error.cause.field ?? null;
  return firstSchemaIssue(error.cause)?.field ?? null;
}

interface SchemaIssue {
  field: string;
  message: string;
}

/** Zod errors and standard-schema errors both carry `issues` with a `path` and a `message`. */
function firstSchemaIssue(cause: unknown): SchemaIssue | undefined {
  if (typeof cause !== 'object' || cause === null || !('issues' in cause)) return undefined;
  const issues = cause.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const issue = issues[0] as { path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message?: string };
  const segments = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? String(segment.key) : String(segment)));
  return { field: ['input', ...segments].join('.'), message: issue.message ?? 'Invalid value' };
}
