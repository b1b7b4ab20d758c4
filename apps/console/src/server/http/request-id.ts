import { randomUUID } from 'node:crypto';

/** What we accept from a caller or a proxy: short, printable, no spaces, safe to echo and to log. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id that ties a response to its log lines: the caller's `X-Request-Id` when it looks sane
 * (so a trace started at a proxy continues here), otherwise a fresh one.
 */
export function requestIdFor(request: Request): string {
  return requestIdFromHeaders(request.headers);
}

export function requestIdFromHeaders(headers: Headers): string {
  const incoming = headers.get('x-request-id');
  return incoming !== null && saneRequestId.test(incoming) ? incoming : randomUUID();
}
