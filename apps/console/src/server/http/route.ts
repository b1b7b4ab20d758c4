import type { Platform, Principal, Role } from '@agentloom/platform';
import { getPlatform } from '~/server/container';
import { apiErrorResponse } from '~/server/http/api-error';
import { authenticateRequest, requireRole } from '~/server/http/authenticate-request';
import { enforceRateLimit, retryAfterSecondsOf } from '~/server/http/rate-limit';
import { requestIdFor } from '~/server/http/request-id';
import { requestOriginFor } from '~/server/http/request-origin';
import { assertStorableRequestText } from '~/server/http/storable-request-text';
import { holdStreamSlot } from '~/server/http/stream-limit';
import type { StreamSlot } from '~/server/http/stream-slots';

/** What a REST handler gets: the caller, the platform and the path parameters, already resolved. */
export interface RouteInput<Parameters> {
  request: Request;
  principal: Principal;
  platform: Platform;
  parameters: Parameters;
  requestId: string;
  /**
   * Held when the route opens a long-lived stream (`RouteOptions.stream`): the response's stream
   * releases it when it ends (`eventStreamResponse`). Any other answer releases it at once.
   */
  streamSlot: StreamSlot | undefined;
}

export interface RouteOptions {
  /** The least role the route needs: viewer reads, operator starts/cancels/decides, admin manages keys. */
  role: Role;
  /**
   * True for requests that open a long-lived stream (SSE). Those take one of the key's concurrent
   * stream slots (AGENTLOOM_STREAMS_PER_KEY) instead of a token of its request budget: a dashboard
   * with many live runs must not spend the budget its API calls need, nor be refused by it.
   */
  stream?: (request: Request) => boolean;
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
    let streamSlot: StreamSlot | undefined;
    try {
      const platform = await getPlatform();
      const principal = { ...(await authenticateRequest(request, platform)), origin: requestOriginFor(request.headers, requestId) };
      const streaming = options.stream?.(request) ?? false;
      if (!streaming) enforceRateLimit(principal.apiKeyId, principal.requestLimits);
      requireRole(principal, options.role);
      const parameters = await segment.params;
      assertStorableRequestText(request, parameters);
      // Taken last, so a refused request never holds a slot.
      if (streaming) streamSlot = holdStreamSlot(principal.apiKeyId);
      response = await handler({ request, principal, platform, parameters, requestId, streamSlot });
      // Only an event stream keeps the slot (it releases it when it ends); a 204 or a JSON answer frees it now.
      if (!response.headers.get('content-type')?.startsWith('text/event-stream')) streamSlot?.release();
    } catch (error) {
      streamSlot?.release();
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
