import { DomainError, isDomainError } from '@agentloom/platform';
import { NextResponse } from 'next/server';
import { getEnvironment } from '~/env';
import { signInProblemFor } from '~/features/session/sign-in-problems';
import { safeRedirectPath, signInFormSchema } from '~/features/session/session.schema';
import { getPlatform } from '~/server/container';
import { domainErrorResponse, logRouteError } from '~/server/http/domain-error-response';
import { isSameOriginRequest } from '~/server/http/same-origin';
import { sessionCookieName, sessionCookieOptions } from '~/server/session/session-cookie';

/**
 * Sign in: checks the API key and stores it in the httpOnly session cookie. The console's form
 * posts JSON and shows errors in place; without JavaScript the browser posts the form itself, and
 * gets redirects instead (so the key never travels in a URL).
 */
export async function POST(request: Request): Promise<Response> {
  const submittedAsForm = isFormSubmission(request);
  const fields: unknown = submittedAsForm
    ? Object.fromEntries(await request.formData())
    : await request.json().catch(() => null);
  const next = safeRedirectPath(readNext(fields));
  try {
    if (!isSameOriginRequest(request)) throw new DomainError('forbidden', 'Sign in from the console itself.');
    const input = signInFormSchema.safeParse(fields);
    if (!input.success) {
      throw new DomainError('validation', input.error.issues[0]?.message ?? 'Enter an API key.', 'apiKey');
    }
    const platform = await getPlatform();
    const principal = await platform.auth.authenticate(input.data.apiKey);
    if (principal === null) {
      throw new DomainError('unauthenticated', 'That API key is not valid. Check it and try again.', 'apiKey');
    }
    const response = submittedAsForm
      ? redirectTo(next)
      : NextResponse.json({ tenantName: principal.tenantName, role: principal.role });
    response.cookies.set(sessionCookieName, input.data.apiKey, sessionCookieOptions(getEnvironment().secureCookies));
    return response;
  } catch (error) {
    if (!submittedAsForm) return domainErrorResponse(error, 'POST /api/session');
    logRouteError(error, 'POST /api/session');
    const problem = signInProblemFor(isDomainError(error) ? error.kind : undefined);
    return redirectTo(`/sign-in?${new URLSearchParams({ problem, next }).toString()}`);
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

function isFormSubmission(request: Request): boolean {
  const contentType = request.headers.get('content-type') ?? '';
  return contentType.startsWith('application/x-www-form-urlencoded') || contentType.startsWith('multipart/form-data');
}

function readNext(fields: unknown): string | null {
  if (typeof fields !== 'object' || fields === null || !('next' in fields)) return null;
  return typeof fields.next === 'string' ? fields.next : null;
}

/** 303 so the browser follows with a GET; a relative Location stays on whatever host served us. */
function redirectTo(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: path } });
}
