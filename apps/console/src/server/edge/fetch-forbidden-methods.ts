import { Server, type IncomingMessage, type ServerResponse } from 'node:http';

import { requestIdFromHeaders } from '../http/request-id';
import { allowedMethods, apiRouteTemplateFor } from './api-route-methods';
import { edgeErrorResponse } from './edge-error-response';

/**
 * Methods the Fetch standard forbids (`new Request` throws for them) that Node's parser accepts. Next
 * builds a `Request` for every request before the proxy runs, so TRACE never reached
 * `refuseMalformedRequest`: Next answered a bare `text/plain` 500. The others need nothing: Node's
 * parser refuses TRACK with its own 400, and emits CONNECT as a `connect` event, which nobody listens
 * to, so its socket is closed without an answer.
 */
const forbiddenByFetch = new Set(['TRACE']);

const installedKey = Symbol.for('agentloom.console.fetch-forbidden-methods');

/**
 * Answers those methods before Next sees them, with the 405 and error shape the proxy gives any other
 * wrong method. `next start` exposes no hook on its HTTP server, so the requests are taken where every
 * Node server hands them out (`Server.prototype.emit('request')`); only these methods are touched.
 */
export function refuseFetchForbiddenMethods(): void {
  const prototype = Server.prototype as Server & { [installedKey]?: true };
  if (prototype[installedKey]) return;
  prototype[installedKey] = true;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the server as `this` below
  const emit = prototype.emit;
  prototype.emit = function emitUnlessForbidden(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (forbiddenByFetch.has(request.method ?? '')) {
        void answerForbiddenMethod(request, response);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof prototype.emit;
}

async function answerForbiddenMethod(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const pathname = pathnameOf(request.url ?? '/');
  const template = pathname.startsWith('/api/') ? apiRouteTemplateFor(pathname) : undefined;
  const allowed = template === undefined ? ['GET', 'HEAD', 'OPTIONS'] : allowedMethods(template);
  const incomingId = request.headers['x-request-id'];
  const refusal = edgeErrorResponse(pathname, requestIdFromHeaders(new Headers(typeof incomingId === 'string' ? { 'x-request-id': incomingId } : {})), {
    status: 405,
    kind: 'method-not-allowed',
    message: `${request.method} is not allowed${template === undefined ? '' : ` on ${template}`}; use ${allowed.join(', ')}.`,
    trpcCode: 'METHOD_NOT_SUPPORTED',
    headers: { Allow: allowed.join(', ') },
  });
  const body = Buffer.from(await refusal.text());
  response.writeHead(refusal.status, { ...Object.fromEntries(refusal.headers), 'content-length': String(body.length) });
  response.end(body);
  // A TRACE may carry a body it has no business sending: read and drop it, so the connection stays usable.
  request.resume();
}

function pathnameOf(target: string): string {
  try {
    return new URL(target, 'http://console.invalid').pathname;
  } catch {
    return '/';
  }
}
