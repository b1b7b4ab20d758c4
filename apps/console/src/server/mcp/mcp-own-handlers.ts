import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type JSONRPCRequest, type ServerNotification, type ServerRequest, type ServerResult } from '@modelcontextprotocol/sdk/types.js';

/** A handler that receives the request as sent, before any SDK parsing, and checks its params itself. */
export type OwnRequestHandler = (request: JSONRPCRequest, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<ServerResult>;

/**
 * Answers these methods with our own handlers instead of the SDK's (ADR 0034). The SDK's handler
 * for a method parses the request with the method's schema before anything of ours runs, and a
 * failed parse is -32603 Internal error with zod's issue dump; only the server's fallback handler
 * receives the request as sent, so ours are dispatched from there. Every other method nobody
 * handles is still -32601 Method not found, as the SDK answers it.
 */
export function answerWithOwnHandlers(server: McpServer, handlers: ReadonlyMap<string, OwnRequestHandler>): void {
  for (const method of handlers.keys()) server.server.removeRequestHandler(method);
  server.server.fallbackRequestHandler = async (request, extra) => {
    // A Map, not an object: a method named "constructor" or "__proto__" must not find a handler.
    const handler = handlers.get(request.method);
    if (handler === undefined) throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    return handler(request, extra);
  };
}
