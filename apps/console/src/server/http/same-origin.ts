/**
 * Whether a state-changing request came from a page of this site. Browsers send `Origin` on every
 * cross-site POST/DELETE and `Sec-Fetch-Site` on every request; comparing them to `Host` stops
 * other sites from acting with the visitor's session cookie (CSRF) and from signing a visitor in
 * or out (SameSite=Lax only protects the cookie being read, not being set). A request with
 * neither header did not come from a browser page, so no cookie was sent on anyone's behalf.
 */
export function isSameOriginRequest(request: Request): boolean {
  return isSameOriginHeaders(request.headers);
}

/** The same check on headers alone (tRPC builds its context from headers). */
export function isSameOriginHeaders(headers: Headers): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  // `same-site` is a sibling subdomain: another application, not this one. `none` is the user's own navigation.
  if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = headers.get('origin');
  if (origin === null) return true;
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
