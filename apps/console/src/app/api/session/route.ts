import { DomainError } from '@agentloom/platform';
import { NextResponse } from 'next/server';
import { getEnvironment } from '~/env';
import { signInInputSchema } from '~/features/session/session.schema';
import { getPlatform } from '~/server/container';
import { domainErrorResponse } from '~/server/http/domain-error-response';
import { isSameOriginRequest } from '~/server/http/same-origin';
import { sessionCookieName, sessionCookieOptions } from '~/server/session/session-cookie';

/** Sign in: checks the API key and stores it in the httpOnly session cookie. */
export async function POST(request: Request): Promise<Response> {
  try {
    if (!isSameOriginRequest(request)) throw new DomainError('forbidden', 'Sign in from the console itself.');
    const input = signInInputSchema.safeParse(await request.json().catch(() => null));
    if (!input.success) {
      throw new DomainError('validation', input.error.issues[0]?.message ?? 'Enter an API key.', 'apiKey');
    }
    const platform = await getPlatform();
    const principal = await platform.auth.authenticate(input.data.apiKey);
    if (principal === null) {
      throw new DomainError('unauthenticated', 'That API key is not valid. Check it and try again.', 'apiKey');
    }
    const response = NextResponse.json({ tenantName: principal.tenantName, role: principal.role });
    response.cookies.set(sessionCookieName, input.data.apiKey, sessionCookieOptions(getEnvironment().secureCookies));
    return response;
  } catch (error) {
    return domainErrorResponse(error, 'POST /api/session');
  }
}

/** Sign out: forgets the session cookie. */
export function DELETE(request: Request): Response {
  if (!isSameOriginRequest(request)) {
    return domainErrorResponse(new DomainError('forbidden', 'Sign out from the console itself.'), 'DELETE /api/session');
  }
  const response = new NextResponse(null, { status: 204 });
  response.cookies.set(sessionCookieName, '', { ...sessionCookieOptions(getEnvironment().secureCookies), maxAge: 0 });
  return response;
}
