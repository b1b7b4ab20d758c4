import { NextResponse, type NextRequest } from 'next/server';
import { refuseMalformedRequest } from '~/server/edge/malformed-request';
import { sessionCookieName } from '~/server/session/session-cookie';

/**
 * First refuses requests Next itself would answer badly (malformed escapes, wrong methods, unknown
 * API paths, over-long URLs) in the JSON error shape. Then sends visitors without a session cookie
 * to /sign-in before any page renders. It only checks that the cookie exists: the console layout
 * authenticates it against the database (a revoked key also ends at /sign-in), and every tRPC
 * procedure checks it again. API routes answer 401 themselves.
 */
export function proxy(request: NextRequest): Response {
  const refusal = refuseMalformedRequest(request);
  if (refusal !== undefined) return refusal;
  if (!isPage(request.nextUrl.pathname)) return NextResponse.next();
  if (request.cookies.get(sessionCookieName)?.value) return NextResponse.next();
  const signIn = new URL('/sign-in', request.url);
  const destination = request.nextUrl.pathname + request.nextUrl.search;
  if (destination !== '/') signIn.searchParams.set('next', destination);
  return NextResponse.redirect(signIn);
}

/** Assets must load on the sign-in page, and the sign-in page itself needs no session. */
function isPage(pathname: string): boolean {
  return !/^\/(api\/|sign-in|favicon\.ico|icon\.svg|robots\.txt)/.test(pathname);
}

export const config = {
  // Everything but Next's own assets: API routes too, for the malformed-request checks.
  matcher: ['/((?!_next/).*)'],
};
