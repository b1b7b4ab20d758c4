import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from '~/server/http/content-security-policy';
import { refuseMalformedRequest } from '~/server/edge/malformed-request';
import { isOperatorPath } from '~/server/session/operator-pages';
import { operatorSessionCookieName, sessionCookieName } from '~/server/session/session-cookie';

const development = process.env.NODE_ENV === 'development';

/** Pages anyone may see: signing in must work without a session. */
const publicPages = /^\/sign-in(\/|$)/;

/**
 * First refuses requests Next itself would answer badly (malformed escapes, wrong methods, unknown
 * API paths, over-long URLs) in the JSON error shape. API routes and static files go on from there
 * (API routes answer 401 themselves and carry the static policy from next.config). A page gets a
 * fresh CSP nonce (in the request's `x-nonce` and CSP headers, where Next finds it for its scripts,
 * and in the response's CSP header); visitors without a session cookie are sent to /sign-in. It
 * only checks that the cookie exists: the console layout authenticates it against the database (a
 * revoked key also ends at /sign-in), and every tRPC procedure checks it again.
 */
export function proxy(request: NextRequest): Response {
  const refusal = refuseMalformedRequest(request);
  if (refusal !== undefined) return refusal;
  const pathname = request.nextUrl.pathname;
  if (!isPage(pathname)) return NextResponse.next();
  const cookieName = isOperatorPath(pathname) ? operatorSessionCookieName : sessionCookieName;
  if (!publicPages.test(pathname) && !request.cookies.get(cookieName)?.value) {
    const signIn = new URL('/sign-in', request.url);
    const destination = pathname + request.nextUrl.search;
    if (destination !== '/') signIn.searchParams.set('next', destination);
    return NextResponse.redirect(signIn);
  }
  const nonce = newNonce();
  const policy = contentSecurityPolicy({ nonce, development });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

/** API routes and static files: no nonce, no session redirect (assets must load on the sign-in page). */
function isPage(pathname: string): boolean {
  return !/^\/(api\/|favicon\.ico|icon\.svg|robots\.txt)/.test(pathname);
}

export const config = {
  // Everything but Next's own assets: API routes too, for the malformed-request checks.
  matcher: ['/((?!_next/).*)'],
};
