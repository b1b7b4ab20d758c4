/** An IPv4 or IPv6 address as it appears in forwarding headers; anything else counts as unknown. */
const plausibleAddress = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The client address failed authentications are counted against. Next's handlers do not expose
 * the socket; `next start` puts the socket's address into X-Forwarded-For when the request has none,
 * and a proxy in front appends the address it saw. The LAST hop is therefore the one nobody but the
 * nearest proxy (or the socket) chose — the first hop is whatever the client wrote. A console exposed
 * without a proxy lets clients choose their own header, which the per-key limit and cheap failures
 * cover (docs/adr on authentication limits).
 */
export function clientAddressFor(headers: Headers): string | null {
  const hops = (headers.get('x-forwarded-for') ?? '').split(',');
  const last = hops[hops.length - 1]?.trim() ?? '';
  const address = last !== '' ? last : (headers.get('x-real-ip')?.trim() ?? '');
  if (!plausibleAddress.test(address)) return null;
  // One client, one counter: IPv4 reached over an IPv6 socket (`::ffff:1.2.3.4`) is that IPv4 address.
  return address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}
