import type { RequestOrigin } from '@agentloom/platform';

/** An IPv4 or IPv6 address as it appears in forwarding headers; anything else is not recorded. */
const plausibleAddress = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * Where a request came from, for the audit log. Next's route handlers do not expose the socket, so
 * the address is the first hop of X-Forwarded-For (or X-Real-IP) as set by the proxy in front; a
 * console reached directly records none rather than a guess.
 */
export function requestOriginFor(headers: Headers, requestId: string): RequestOrigin {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? headers.get('x-real-ip')?.trim() ?? null;
  return { ipAddress: forwarded !== null && plausibleAddress.test(forwarded) ? forwarded : null, requestId };
}
