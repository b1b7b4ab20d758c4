import { DomainError, isDomainError, looksLikeOperatorKey } from '@agentloom/platform';
import { NextResponse } from 'next/server';
import { getEnvironment } from '~/env';
import { signInProblemFor } from '~/features/session/sign-in-problems';
import { safeRedirectPath, signInFormSchema } from '~/features/session/session.schema';
import { getPlatform } from '~/server/container';
import { clientAddressFor } from '~/server/http/client-address';
import { domainErrorResponse, logRouteError } from '~/server/http/domain-error-response';
import { retryAfterSecondsOf } from '~/server/http/rate-limit';
import { isSameOriginRequest } from '~/server/http/same-origin';
import { isOperatorPath } from '~/server/session/operator-pages';
import {
  operatorSessionCookieName,
  readOperatorSessionToken,
  readSessionToken,
  sessionCookieName,
  sessionCookieOptions,
  shouldSecureCookie,
} from '~/server/session/session-cookie';

/** Where an instance operator lands after signing in (ADR 0041). */
const operatorHome = '/operator/tenants';

/**
 * Sign in: checks the API key (or the instance operator key, which opens an operator session in a
 * cookie of its own, ADR 0041) (failed attempts are limited per address and key, 429 with
 * Retry-After) and opens a session; the httpOnly cookie holds only the opaque session token. The
 * console's form posts JSON and shows errors in place; without JavaScript the browser posts the
 * form itself, and gets redirects instead (so the key never travels in a URL).
 */
export async function POST(request: Request): Promise<Response> {
  const submittedAsForm = isFormSubmission(request);
  const fields: unknown = submittedAsForm ? Object.fromEntries(await request.formData()) : await request.json().catch(() => null);
  const next = safeRedirectPath(readNext(fields));
  try {
    if (!isSameOriginRequest(request)) throw new DomainError('forbidden', 'Sign in from the console itself.');
    const input = signInFormSchema.safeParse(fields);
    if (!input.success) {
      throw new DomainError('validation', input.error.issues[0]?.message ?? 'Enter an API key.', 'apiKey');
    }
    const platform = await getPlatform();
    if (looksLikeOperatorKey(input.data.apiKey)) return await signInOperator(request, input.data.apiKey, submittedAsForm, next);
    const signedIn = await platform.auth.signIn(input.data.apiKey, { clientAddress: clientAddressFor(request.headers) });
    if (signedIn === null) {
      throw new DomainError('unauthenticated', 'That API key is not valid. Check it and try again.', 'apiKey');
    }
    const { principal } = signedIn;
    const response = submittedAsForm ? redirectTo(next) : NextResponse.json({ tenantName: principal.tenantName, role: principal.role });
    response.cookies.set(sessionCookieName, signedIn.token, sessionCookieOptions(shouldSecureCookie(request, getEnvironment().secureCookies)));
    return response;
  } catch (error) {
    const retryAfterSeconds = retryAfterSecondsOf(error);
    let response: Response;
    if (!submittedAsForm) response = domainErrorResponse(error, 'POST /api/session');
    else {
      logRouteError(error, 'POST /api/session');
      const problem = signInProblemFor(isDomainError(error) ? error.kind : undefined);
      response = redirectTo(`/sign-in?${new URLSearchParams({ problem, next }).toString()}`);
    }
    if (retryAfterSeconds !== undefined) response.headers.set('Retry-After', String(retryAfterSeconds));
    return response;
  }
}

/**
 * The operator key opens an operator session, never a tenant one. It continues to `next` only when
 * that is an operator page: the tenant pages would not know this session.
 */
async function signInOperator(request: Request, operatorKey: string, submittedAsForm: boolean, next: string): Promise<Response> {
  const platform = await getPlatform();
  const signedIn = await platform.auth.signInOperator(operatorKey, { clientAddress: clientAddressFor(request.headers) });
  if (signedIn === null) throw new DomainError('unauthenticated', 'That operator key is not valid. Check it and try again.', 'apiKey');
  const destination = isOperatorPath(next) ? next : operatorHome;
  const response = submittedAsForm ? redirectTo(destination) : NextResponse.json({ operator: true, redirectTo: destination });
  response.cookies.set(operatorSessionCookieName, signedIn.token, sessionCookieOptions(shouldSecureCookie(request, getEnvironment().secureCookies)));
  return response;
}

/**
 * Sign out: ends this browser's sessions in the database (the tenant one and the operator one, on
 * every process) and forgets both cookies.
 */
export async function DELETE(request: Request): Promise<Response> {
  if (!isSameOriginRequest(request)) {
    return domainErrorResponse(new DomainError('forbidden', 'Sign out from the console itself.'), 'DELETE /api/session');
  }
  try {
    const cookieHeader = request.headers.get('cookie');
    const token = readSessionToken(cookieHeader);
    const operatorToken = readOperatorSessionToken(cookieHeader);
    if (token !== null) await (await getPlatform()).auth.signOut(token);
    if (operatorToken !== null) await (await getPlatform()).auth.signOutOperator(operatorToken);
  } catch (error) {
    return domainErrorResponse(error, 'DELETE /api/session');
  }
  const response = new NextResponse(null, { status: 204 });
  const expired = { ...sessionCookieOptions(shouldSecureCookie(request, getEnvironment().secureCookies)), maxAge: 0 };
  response.cookies.set(sessionCookieName, '', expired);
  response.cookies.set(operatorSessionCookieName, '', expired);
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
