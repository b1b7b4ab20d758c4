import type { Platform, Principal, Role } from '@agentloom/platform';
import { getPlatform } from '~/server/container';
import { apiErrorResponse } from '~/server/http/api-error';
import { authenticateRequest, requireRole } from '~/server/http/authenticate-request';
import { enforceRateLimit, retryAfterSecondsOf } from '~/server/http/rate-limit';
import { requestIdFor } from '~/server/http/request-id';
import { requestOriginFor } from '~/server/http/request-origin';
import { assertStorableRequestText } from '~/server/http/storable-request-text';

/** What a REST handler gets: the caller, the platform and the path parameters, already resolved. */
export interface RouteInput<Parameters> {
  request: Request;
  principal: Principal;
  platform: Platform;
  parameters: Parameters;
  requestId: string;
}

export interface RouteOptions {
  /** The least role the route needs: viewer reads, operator starts/cancels/decides, admin manages keys. */
  role: Role;
}

/** Next's route handler signature; dynamic segments arrive as a promise. */
export type RouteHandler<Parameters> = (request: Request, segment: { params: Promise<Parameters> }) => Promise<Response>;

/**
 * Wraps a thin `/api/v1` handler (parse → one service call → JSON) with everything every route
 * needs, so none repeats it: request id, authentication, the per-key rate limit, the role check,
 * refusing text Postgres cannot store in path and query parameters, and the one error mapping.
 */
export function route<Parameters = Record<string, never>>(
  handler: (input: RouteInput<Parameters>) => Promise<Response>,
  options: RouteOptions,
): RouteHandler<Parameters> {
  return async (request, segment) => {
    const requestId = requestIdFor(request);
    let response: Response;
    try {
      const platform = await getPlatform();
      const principal = { ...(await authenticateRequest(request, platform)), origin: requestOriginFor(request.headers, requestId) };
      enforceRateLimit(principal.apiKeyId);
      requireRole(principal, options.role);
      const parameters = await segment.params;
      assertStorableRequestText(request, parameters);
      response = await handler({ request, principal, platform, parameters, requestId });
    } catch (error) {
      response = apiErrorResponse(error, `${request.method} ${new URL(request.url).pathname} [${requestId}]`);
      const retryAfterSeconds = retryAfterSecondsOf(error);
      if (retryAfterSeconds !== undefined) response.headers.set('Retry-After', String(retryAfterSeconds));
    }
    response.headers.set('X-Request-Id', requestId);
    return response;
  };
}

/** A JSON response that no cache keeps: every `/api/v1` answer is per caller and live. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}
