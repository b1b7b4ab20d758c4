import { DomainError, type Platform, type Principal } from '@agentloom/platform';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { getPlatform } from '~/server/container';
import { apiErrorResponse } from '~/server/http/api-error';
import { authenticateRequest } from '~/server/http/authenticate-request';
import { enforceRateLimit, retryAfterSecondsOf } from '~/server/http/rate-limit';
import { readJsonBody } from '~/server/http/read-json-body';
import { requestIdFor } from '~/server/http/request-id';
import { requestOriginFor } from '~/server/http/request-origin';

import { answerMcpMessage } from './answer-mcp-message';

/**
 * One `POST /api/mcp`: the same request id, API-key authentication and per-key rate limit as
 * `/api/v1`, then a stateless MCP server for this caller answers the JSON-RPC message (ADR 0034).
 * Failures before MCP (no key, bad key, too many requests, body too large) are HTTP errors in the
 * REST error shape; a JSON-RPC batch is a 400 JSON-RPC error; malformed params are -32602 naming the
 * field; failures inside a tool are MCP tool errors.
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  let response: Response;
  try {
    const platform = await getPlatform();
    const principal = await authenticateMcpCaller(request, platform, requestId);
    enforceRateLimit(principal.apiKeyId, principal.requestLimits);
    const body = await readJsonBody(request);
    // One POST is one message (ADR 0034): a batch of up to 100 calls would cost one rate-limit token.
    if (Array.isArray(body)) return withEdgeHeaders(batchRefused(), requestId);
    response = await answerMcpMessage(platform, principal, request, body);
  } catch (error) {
    response = apiErrorResponse(error, `POST /api/mcp [${requestId}]`);
    const retryAfterSeconds = retryAfterSecondsOf(error);
    if (retryAfterSeconds !== undefined) response.headers.set('Retry-After', String(retryAfterSeconds));
  }
  return withEdgeHeaders(response, requestId);
}

function withEdgeHeaders(response: Response, requestId: string): Response {
  response.headers.set('X-Request-Id', requestId);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * MCP 2025-06-18 removed JSON-RPC batching, and the SDK's client never sends one. Refused the way the
 * SDK's transport refuses the messages it cannot take: 400 with a JSON-RPC error (Invalid Request,
 * `id: null`), the REST kind and field in its `data`.
 */
function batchRefused(): Response {
  const error = {
    code: ErrorCode.InvalidRequest,
    message: 'Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18); send one message per POST.',
    data: { kind: 'validation', field: 'body' },
  };
  return Response.json({ jsonrpc: '2.0', error, id: null }, { status: 400 });
}

/**
 * MCP clients authenticate with an API key only: the console's session cookie is for the browser,
 * and an MCP client is never one of its pages.
 */
async function authenticateMcpCaller(request: Request, platform: Platform, requestId: string): Promise<Principal> {
  if (request.headers.get('authorization') === null) {
    throw new DomainError('unauthenticated', 'Send an API key as "Authorization: Bearer <API key>".');
  }
  return { ...(await authenticateRequest(request, platform)), origin: requestOriginFor(request.headers, requestId) };
}
