import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { retryAfterSecondsOf } from '~/server/http/rate-limit';
import { createTRPCContext } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/root-router';

function handle(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext: () => createTRPCContext({ headers: request.headers }),
    // A rate-limited call says when to come back, as the REST API does.
    responseMeta: ({ errors }) => {
      const retryAfterSeconds = errors.map(retryAfterSecondsOf).find((seconds) => seconds !== undefined);
      return retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': String(retryAfterSeconds) } };
    },
  });
}

export { handle as GET, handle as POST };
