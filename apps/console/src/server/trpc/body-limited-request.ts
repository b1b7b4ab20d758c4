import { TRPCError } from '@trpc/server';
import { maximumBodyBytes } from '~/server/http/read-json-body';

/**
 * The same request for tRPC's fetch adapter, with the REST API's body limit and a settled request
 * id. The adapter reads a whole body before parsing it; here the body is counted as it streams and
 * fails with PAYLOAD_TOO_LARGE past `maximumBodyBytes` (at once when `Content-Length` already says
 * so), so tRPC answers 413 in its error shape without buffering the rest. The request id is set as
 * `X-Request-Id` so the context's audit origin and the response header carry the same one.
 */
export function bodyLimitedRequest(request: Request, requestId: string): Request {
  const headers = new Headers(request.headers);
  headers.set('x-request-id', requestId);
  const init = { method: request.method, headers, signal: request.signal };
  if (request.body === null) return new Request(request.url, init);
  const declaredLength = Number(request.headers.get('content-length') ?? '0');
  const reader = request.body.getReader();
  let total = 0;
  const refuse = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    await reader.cancel();
    controller.error(new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: `The request body exceeds ${maximumBodyBytes} bytes.` }));
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (declaredLength > maximumBodyBytes) return refuse(controller);
      const { done, value } = await reader.read();
      if (done) return controller.close();
      total += value.byteLength;
      if (total > maximumBodyBytes) return refuse(controller);
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  // `duplex` is required for a streamed body; TypeScript's RequestInit does not list it yet.
  return new Request(request.url, { ...init, body, duplex: 'half' } as RequestInit);
}
