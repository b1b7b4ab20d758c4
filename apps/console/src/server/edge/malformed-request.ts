import { requestIdFromHeaders } from '../http/request-id';
import { allowedMethods, apiRouteTemplateFor } from './api-route-methods';
import { edgeErrorResponse, type EdgeRefusal } from './edge-error-response';

/**
 * The longest request target (path and query) the console reads; longer ones get 414. Node
 * refuses whole request heads over 16 KiB by itself (431, or a closed connection) before any of
 * this runs, so 8 KiB leaves room for cookies and other headers below that.
 */
export const maximumUrlLength = 8 * 1024;

/**
 * Requests that would make Next answer with a bare 500, 405 or 404 (a bad percent-escape in the
 * path fails Next's parameter decoding with `text/plain` and no log line; a method a route file
 * does not export gets an empty 405; an unknown API path gets the HTML 404 page): refused here,
 * before routing, in the API's JSON error shape with a request id. Undefined when it may go on.
 */
export function refuseMalformedRequest(request: Request): Response | undefined {
  const url = new URL(request.url);
  const refusal = refusalFor(request.method, url);
  return refusal === undefined ? undefined : edgeErrorResponse(url.pathname, requestIdFromHeaders(request.headers), refusal);
}

function refusalFor(method: string, url: URL): EdgeRefusal | undefined {
  const target = url.pathname + url.search;
  if (target.length > maximumUrlLength) {
    return {
      status: 414,
      kind: 'uri-too-long',
      message: `The request path and query exceed ${maximumUrlLength} characters.`,
      trpcCode: 'BAD_REQUEST',
    };
  }
  if (!decodesCleanly(url.pathname)) {
    return { status: 400, kind: 'validation', message: 'The path has a malformed percent-escape.', field: 'path', trpcCode: 'BAD_REQUEST' };
  }
  // Queries need no check here: Next has already re-encoded the query leniently (invalid bytes
  // become U+FFFD, a stray `%` stays literal) before the proxy runs, and routes validate the values.
  if (!url.pathname.startsWith('/api/')) return undefined;
  const template = apiRouteTemplateFor(url.pathname);
  if (template === undefined) {
    return { status: 404, kind: 'not-found', message: `No API route at ${url.pathname}.`, trpcCode: 'NOT_FOUND' };
  }
  const allowed = allowedMethods(template);
  if (allowed.includes(method)) return undefined;
  return {
    status: 405,
    kind: 'method-not-allowed',
    message: `${method} is not allowed on ${template}; use ${allowed.join(', ')}.`,
    trpcCode: 'METHOD_NOT_SUPPORTED',
    headers: { Allow: allowed.join(', ') },
  };
}

/** False when a percent-escape is malformed or does not decode to UTF-8 (`%`, `%FF`, `%E0%A4`). */
function decodesCleanly(encoded: string): boolean {
  try {
    decodeURIComponent(encoded);
    return true;
  } catch {
    return false;
  }
}
