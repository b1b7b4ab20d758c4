/**
 * The console session is the API key itself, kept in an httpOnly cookie: the browser's scripts
 * never see it, every request re-authenticates it (so revoking a key ends its sessions at once),
 * and there is no signing secret to configure or rotate. SameSite=Lax keeps the cookie off
 * cross-site POSTs, which is what tRPC mutations use.
 */
export const sessionCookieName = 'agentloom_session';

/** A week: long enough for daily use, short enough that a forgotten browser signs out. */
const sessionMaxAgeSeconds = 7 * 24 * 60 * 60;

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

/** Reads the session key from a Cookie header (tRPC's fetch adapter hands us raw headers). */
export function readSessionKey(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== sessionCookieName) continue;
    // A malformed escape (`agentloom_session=%`) is no session at all, never an exception.
    let value: string;
    try {
      value = decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
    return value === '' ? null : value;
  }
  return null;
}
