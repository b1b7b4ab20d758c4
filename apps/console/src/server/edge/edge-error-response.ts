import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/** A refusal decided before any route runs: what the client did wrong, as the API names it. */
export interface EdgeRefusal {
  status: number;
  kind: string;
  message: string;
  field?: string;
  /** The tRPC code the same refusal has when tRPC answers it itself. */
  trpcCode: TRPC_ERROR_CODE_KEY;
  headers?: Record<string, string>;
}

const trpcPrefix = '/api/trpc/';

/**
 * The refusal in the error shape the caller's transport documents, with the request id: REST (and
 * pages) get `{ error: { kind, message, field? } }`; tRPC gets the envelope its own errors have
 * (`{ error: { json: { message, code, data: { code, httpStatus, kind, field } } } }`), so the
 * console's client reads it like any other failed call.
 */
export function edgeErrorResponse(pathname: string, requestId: string, refusal: EdgeRefusal): Response {
  const body = pathname.startsWith(trpcPrefix)
    ? {
        error: {
          json: {
            message: refusal.message,
            code: TRPC_ERROR_CODES_BY_KEY[refusal.trpcCode],
            data: { code: refusal.trpcCode, httpStatus: refusal.status, kind: refusal.kind, field: refusal.field ?? null },
          },
        },
      }
    : { error: { kind: refusal.kind, message: refusal.message, ...(refusal.field === undefined ? {} : { field: refusal.field }) } };
  return Response.json(body, {
    status: refusal.status,
    headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestId, ...refusal.headers },
  });
}
