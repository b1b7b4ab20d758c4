import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from '~/server/http/content-security-policy';
import { sessionCookieName } from '~/server/session/session-cookie';

const development = process.env.NODE_ENV === 'development';

/** Pages anyone may see: signing in must work without a session. */
const publicPages = /^\/sign-in(\/|$)/;

/**
 * Runs before every page. It gives the page a fresh CSP nonce (in the request's `x-nonce` and CSP
 * headers, where Next finds it for its scripts, and in the response's CSP header), and sends
 * visitors without a session cookie to /sign-in. It only checks that the cookie exists: the console
 * layout authenticates it against the database (a revoked key also ends at /sign-in), and every
 * tRPC procedure checks it again.
 */
export function proxy(request: NextRequest): NextResponse {
  const pathname = request.nextUrl.pathname;
  if (!publicPages.test(pathname) && !request.cookies.get(sessionCookieName)?.value) {
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

export const config = {
  // Pages only: API routes answer 401 themselves and carry the static policy from next.config;
  // static assets need no nonce.
  matcher: ['/((?!api/|_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt).*)'],
};
