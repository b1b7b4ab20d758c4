import { domainErrorOf, type OperatorPrincipal } from '@agentloom/platform';
import { headers } from 'next/headers';
import { cache } from 'react';
import { getPlatform } from '~/server/container';
import { clientAddressFor } from '~/server/http/client-address';
import { readOperatorSessionToken } from '~/server/session/session-cookie';

export type OperatorAccess =
  | { kind: 'signed-in'; operator: OperatorPrincipal }
  | { kind: 'signed-out' }
  | { kind: 'unavailable'; message: string };

/**
 * Who is looking at the operator's pages in this request, from the operator session cookie (ADR
 * 0041); the counterpart of `getConsoleAccess`, cached per request the same way.
 */
export const getOperatorAccess = cache(async (): Promise<OperatorAccess> => {
  const requestHeaders = await headers();
  const token = readOperatorSessionToken(requestHeaders.get('cookie'));
  if (!token) return { kind: 'signed-out' };
  try {
    const platform = await getPlatform();
    const operator = await platform.auth.authenticateOperatorSession(token, { clientAddress: clientAddressFor(requestHeaders) });
    return operator === null ? { kind: 'signed-out' } : { kind: 'signed-in', operator };
  } catch (error) {
    const domainError = domainErrorOf(error);
    if (domainError?.kind === 'unavailable') return { kind: 'unavailable', message: domainError.message };
    if (domainError?.kind === 'rate-limited') return { kind: 'signed-out' };
    throw error;
  }
});
