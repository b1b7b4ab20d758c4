import { domainErrorOf, type Principal } from '@agentloom/platform';
import { headers } from 'next/headers';
import { cache } from 'react';
import { getPlatform } from '~/server/container';
import { clientAddressFor } from '~/server/http/client-address';
import { readSessionToken } from '~/server/session/session-cookie';

export type ConsoleAccess =
  | { kind: 'signed-in'; principal: Principal }
  | { kind: 'signed-out' }
  /** The database cannot be reached; `message` is the platform's one-line explanation. */
  | { kind: 'unavailable'; message: string };

/**
 * Who is looking at the console in this request. Cached per request so the layout and the page
 * authenticate the cookie once; an unreachable database is an answer here, not an exception,
 * because the layout explains it instead of rendering a generic error page. A client throttled for
 * failed attempts is shown the sign-in page (which explains the limit when they try).
 */
export const getConsoleAccess = cache(async (): Promise<ConsoleAccess> => {
  const requestHeaders = await headers();
  const sessionToken = readSessionToken(requestHeaders.get('cookie'));
  if (!sessionToken) return { kind: 'signed-out' };
  try {
    const platform = await getPlatform();
    const principal = await platform.auth.authenticateSession(sessionToken, { clientAddress: clientAddressFor(requestHeaders) });
    return principal === null ? { kind: 'signed-out' } : { kind: 'signed-in', principal };
  } catch (error) {
    // A database that went away after start (restart, outage) explains itself like one that never opened.
    const domainError = domainErrorOf(error);
    if (domainError?.kind === 'unavailable') return { kind: 'unavailable', message: domainError.message };
    if (domainError?.kind === 'rate-limited') return { kind: 'signed-out' };
    throw error;
  }
});
