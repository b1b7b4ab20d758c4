import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { retryAfterSecondsOf } from '~/server/http/rate-limit';
import { requestIdFor } from '~/server/http/request-id';
import { bodyLimitedRequest } from '~/server/trpc/body-limited-request';
import { createTRPCContext } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/root-router';

async function handle(incoming: Request): Promise<Response> {
  const requestId = requestIdFor(incoming);
  const request = bodyLimitedRequest(incoming, requestId);
  const response = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext: () => createTRPCContext({ headers: request.headers }),
    responseMeta: ({ errors, type }) => {
      const headers: Record<string, string> = {};
      // A rate-limited call says when to come back, as the REST API does.
      const retryAfterSeconds = errors.map(retryAfterSecondsOf).find((seconds) => seconds !== undefined);
      if (retryAfterSeconds !== undefined) headers['Retry-After'] = String(retryAfterSeconds);
      // A query sent as POST or a mutation as GET: RFC 9110 wants the methods that would work.
      if (errors.some((error) => error.code === 'METHOD_NOT_SUPPORTED')) headers.Allow = type === 'mutation' ? 'POST' : 'GET';
      return { headers };
    },
  });
  response.headers.set('X-Request-Id', requestId);
  return response;
}

export { handle as GET, handle as POST };
