/**
 * The console session cookie holds an opaque session token (`als_…`, 256 random bits) and nothing
 * else: the API key stays in the browser only for the moment of signing in. The database keeps the
 * token's hash with its key, expiry and last use; signing out deletes it, and revoking the key
 * deletes all of its sessions. httpOnly keeps it from scripts, SameSite=Lax off cross-site POSTs
 * (what tRPC mutations use), and Secure whenever the console is reached over HTTPS.
 */
export const sessionCookieName = 'agentloom_session';

/**
 * The instance operator's console session (`alos_…`, ADR 0041), in a cookie of its own: the tenant
 * console and the operator's tenants page never read each other's session, and one browser may
 * hold both (a person who is an instance admin and a tenant admin).
 */
export const operatorSessionCookieName = 'agentloom_operator_session';

/** A week: long enough for daily use, short enough that a forgotten browser signs out. */
export const sessionMaxAgeSeconds = 7 * 24 * 60 * 60;

export interface SessionCookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
  maxAge: number;
}

export function sessionCookieOptions(secure: boolean): SessionCookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: sessionMaxAgeSeconds };
}

/** Secure when configured, or when this request reached us over HTTPS (directly or via a TLS proxy). */
export function shouldSecureCookie(request: Request, configured: boolean): boolean {
  if (configured) return true;
  if (new URL(request.url).protocol === 'https:') return true;
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * Reads the session token from a Cookie header (tRPC's fetch adapter hands us raw headers). A
 * malformed value (a bad percent-escape, say) is no session, never an exception: the caller is
 * then simply signed out.
 */
export function readSessionToken(cookieHeader: string | null): string | null {
  return readCookie(cookieHeader, sessionCookieName);
}

/** The operator session token, read like `readSessionToken`. */
export function readOperatorSessionToken(cookieHeader: string | null): string | null {
  return readCookie(cookieHeader, operatorSessionCookieName);
}

function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = safeDecode(part.slice(separator + 1).trim());
    return value === null || value === '' ? null : value;
  }
  return null;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
