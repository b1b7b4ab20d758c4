import type { Platform, Principal } from '@agentloom/platform';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

import { createMcpServer } from './create-mcp-server';
import { checkParamsBeforeSdkHandlers, envelopeParamsError } from './sdk-answered-params';

/**
 * One JSON-RPC message (`message`, the request's body already read) answered by a stateless MCP
 * server for `principal` (ADR 0034): JSON, or the call's SSE stream, closed once it has been sent.
 * Malformed params are -32602 naming the field whichever layer would have refused them: the
 * transport (params not an object), the SDK's handlers (initialize, ping, the lists) or ours.
 */
export async function answerMcpMessage(platform: Platform, principal: Principal, request: Request, message: unknown): Promise<Response> {
  const envelopeError = envelopeParamsError(message);
  if (envelopeError !== undefined) return Response.json(envelopeError);
  const server = createMcpServer(platform, principal, request.signal);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  checkParamsBeforeSdkHandlers(transport);
  const response = await transport.handleRequest(request, { parsedBody: message });
  // Nothing outlives the request: closed once the answer (JSON or the call's SSE stream) has been sent.
  return closeWhenSent(response, () => void server.close());
}

/** The same response whose body calls `onDone` once it has been read to the end or cancelled. */
function closeWhenSent(response: Response, onDone: () => void): Response {
  if (response.body === null) {
    onDone();
    return response;
  }
  const reader = response.body.getReader();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    onDone();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) {
        controller.close();
        finish();
      } else {
        controller.enqueue(next.value);
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
