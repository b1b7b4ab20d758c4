import { NextResponse, type NextRequest } from 'next/server';
import { sessionCookieName } from '~/server/session/session-cookie';

/**
 * Sends visitors without a session cookie to /sign-in before any page renders. It only checks
 * that the cookie exists: the console layout authenticates it against the database (a revoked
 * key also ends at /sign-in), and every tRPC procedure checks it again.
 */
export function proxy(request: NextRequest): NextResponse {
  if (request.cookies.get(sessionCookieName)?.value) return NextResponse.next();
  const signIn = new URL('/sign-in', request.url);
  const destination = request.nextUrl.pathname + request.nextUrl.search;
  if (destination !== '/') signIn.searchParams.set('next', destination);
  return NextResponse.redirect(signIn);
}

export const config = {
  // Pages only: API routes answer 401 themselves, and assets must load on the sign-in page.
  matcher: ['/((?!api/|_next/|sign-in|favicon\\.ico|icon\\.svg|robots\\.txt).*)'],
};
