import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { retryAfterSecondsOf } from '~/server/http/rate-limit';
import { requestIdFor } from '~/server/http/request-id';
import { bodyLimitedRequest } from '~/server/trpc/body-limited-request';
import { createTRPCContext } from '~/server/trpc/context';
import { wrongMethodResponse } from '~/server/trpc/procedure-method';
import { appRouter } from '~/server/trpc/root-router';

async function handle(incoming: Request): Promise<Response> {
  const requestId = requestIdFor(incoming);
  const response = wrongMethodResponse(incoming, requestId) ?? (await handleProcedures(bodyLimitedRequest(incoming, requestId)));
  response.headers.set('X-Request-Id', requestId);
  // Every answer is one caller's tenant data (or a live stream of it): no cache may keep it, as no
  // cache keeps a REST answer. A subscription's stream must not be transformed (buffered) on the way either.
  const eventStream = response.headers.get('Content-Type')?.startsWith('text/event-stream') === true;
  response.headers.set('Cache-Control', eventStream ? 'no-store, no-transform' : 'no-store');
  return response;
}

function handleProcedures(request: Request): Promise<Response> {
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
