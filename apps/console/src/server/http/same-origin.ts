/**
 * Whether a state-changing request came from a page of this site. Browsers send `Origin` on every
 * cross-site POST/DELETE; comparing it to `Host` stops other sites from signing a visitor in or
 * out (SameSite=Lax only protects the cookie being read, not being set).
 */
export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
