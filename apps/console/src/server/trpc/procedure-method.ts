import { edgeErrorResponse } from '~/server/edge/edge-error-response';
import { appRouter } from '~/server/trpc/root-router';

type ProcedureType = 'query' | 'mutation' | 'subscription';

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } } | undefined>;

/**
 * 405 with `Allow` for a tRPC call sent with the wrong method (a query or subscription as POST, a
 * mutation as GET), before the adapter runs: tRPC answers a subscription's wrong method inside an
 * event stream, and never names the method that would work. Undefined when the method fits, or
 * when tRPC should answer itself (unknown procedures, batches mixing types).
 */
export function wrongMethodResponse(request: Request, requestId: string): Response | undefined {
  const { pathname } = new URL(request.url);
  const names = procedureNames(pathname);
  const types = new Set(names.map((name) => (Object.hasOwn(procedures, name) ? procedures[name]?._def.type : undefined)));
  if (types.size !== 1 || types.has(undefined)) return undefined;
  const allowed = types.has('mutation') ? 'POST' : 'GET';
  if (request.method === allowed) return undefined;
  return edgeErrorResponse(pathname, requestId, {
    status: 405,
    kind: 'method-not-allowed',
    message: `${request.method} is not allowed for ${names.join(', ')}; use ${allowed}.`,
    trpcCode: 'METHOD_NOT_SUPPORTED',
    headers: { Allow: allowed },
  });
}

/** The procedures a path names (`runs.list,runs.get` for a batch); none when it does not decode. */
function procedureNames(pathname: string): string[] {
  try {
    return decodeURIComponent(pathname.slice('/api/trpc/'.length)).split(',');
  } catch {
    return [];
  }
}
