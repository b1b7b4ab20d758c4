import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  InitializeRequestSchema,
  isJSONRPCRequest,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  RequestSchema,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  type McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

import { checkRequest, invalidParams } from './mcp-invalid-params';

/**
 * The methods the SDK's own handlers answer, each with the schema that handler parses its request
 * with. The SDK throws zod's error from that parse, which the protocol layer answers as -32603
 * Internal error with the whole issue dump; `tools/call` and `resources/read` are answered by our
 * own handlers, which check their params themselves (ADR 0034).
 */
const sdkAnsweredRequests: ReadonlyMap<string, z.ZodType> = new Map<string, z.ZodType>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['resources/list', ListResourcesRequestSchema],
  ['resources/templates/list', ListResourceTemplatesRequestSchema],
]);

/** Our lists fit on one page and never return `nextCursor`, so no cursor a client sends names a page. */
const onePageLists = new Set(['tools/list', 'resources/list', 'resources/templates/list']);

/**
 * Puts the params check between the transport and the SDK's handlers: a request to one of
 * `sdkAnsweredRequests` whose params do not match is answered -32602 naming the field, and the
 * server never sees it. Call after `server.connect(transport)`, which installs `onmessage`.
 */
export function checkParamsBeforeSdkHandlers(transport: Transport): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) throw new Error('Connect the MCP server to the transport before checking params.');
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) {
      const error = sdkAnsweredParamsError(message);
      if (error !== undefined) {
        transport.send(errorResponse(message.id, error)).catch((sendError: unknown) => transport.onerror?.(asError(sendError)));
        return;
      }
    }
    deliver(message, extra);
  };
}

/** The -32602 a request to an SDK-answered method gets for its params, or undefined when they are fine. */
function sdkAnsweredParamsError(request: JSONRPCRequest): McpError | undefined {
  const schema = sdkAnsweredRequests.get(request.method);
  if (schema === undefined) return undefined;
  const checked = checkRequest(schema, request);
  if (checked.error) return checked.error;
  if (onePageLists.has(request.method) && request.params?.cursor !== undefined) {
    return invalidParams('params.cursor', 'this list has one page and issues no cursor; call it without one');
  }
  return undefined;
}

/**
 * The answer to a message that is a JSON-RPC request in all but its params (`null`, an array, a
 * `_meta` that is not an object): the SDK's transport refuses those before any handler with
 * 400 "Parse error: Invalid JSON-RPC message" although the JSON parsed. MCP params are an object,
 * so this is -32602 naming `params` (or the field inside it), answered to the request's id.
 */
export function envelopeParamsError(message: unknown): JSONRPCErrorResponse | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message) || !('params' in message)) return undefined;
  const { jsonrpc, id, method, params } = message as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return undefined;
  const checked = checkRequest(RequestSchema, { method, params });
  return checked.error ? errorResponse(id, checked.error) : undefined;
}

function errorResponse(id: string | number, error: McpError): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, data: error.data } };
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
