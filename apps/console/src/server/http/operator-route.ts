import type { OperatorPrincipal, Platform } from '@agentloom/platform';
import { getPlatform } from '~/server/container';
import { apiErrorResponse } from '~/server/http/api-error';
import { authenticateOperatorRequest } from '~/server/http/authenticate-request';
import { enforceRateLimit, retryAfterSecondsOf } from '~/server/http/rate-limit';
import { requestIdFor } from '~/server/http/request-id';
import { requestOriginFor } from '~/server/http/request-origin';
import type { RouteHandler } from '~/server/http/route';
import { assertStorableRequestText } from '~/server/http/storable-request-text';

/** What an operator handler gets: the operator, the platform and the path parameters. */
export interface OperatorRouteInput<Parameters> {
  request: Request;
  operator: OperatorPrincipal;
  platform: Platform;
  parameters: Parameters;
}

export interface OperatorRouteOptions {
  /** Always `instanceAdmin`: declared in each route file so the registry and the role matrix can read it. */
  role: 'instanceAdmin';
}

/**
 * `route()` for the instance operator's `/api/v1/tenants` routes: request id, operator-key
 * authentication (tenant keys get 403), the per-key rate limit, refusing unstorable text, and the
 * one error mapping.
 */
export function operatorRoute<Parameters = Record<string, never>>(
  handler: (input: OperatorRouteInput<Parameters>) => Promise<Response>,
  // Read from the source by the route registry; the wrapper itself needs nothing from it.
  _options: OperatorRouteOptions,
): RouteHandler<Parameters> {
  return async (request, segment) => {
    const requestId = requestIdFor(request);
    let response: Response;
    try {
      const platform = await getPlatform();
      const operator = { ...(await authenticateOperatorRequest(request, platform)), origin: requestOriginFor(request.headers, requestId) };
      enforceRateLimit(`operator:${operator.operatorKeyId}`);
      const parameters = await segment.params;
      assertStorableRequestText(request, parameters);
      response = await handler({ request, operator, platform, parameters });
    } catch (error) {
      response = apiErrorResponse(error, `${request.method} ${new URL(request.url).pathname} [${requestId}]`);
      const retryAfterSeconds = retryAfterSecondsOf(error);
      if (retryAfterSeconds !== undefined) response.headers.set('Retry-After', String(retryAfterSeconds));
    }
    response.headers.set('X-Request-Id', requestId);
    return response;
  };
}
