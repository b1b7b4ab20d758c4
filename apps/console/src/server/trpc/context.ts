import { readSessionKey } from '~/server/session/session-cookie';

/**
 * What every procedure starts from: the session key from the cookie, nothing else. The platform
 * and the principal are resolved by the procedure middleware, inside the error middleware, so a
 * database that cannot be opened becomes SERVICE_UNAVAILABLE rather than an unmapped failure.
 */
export interface TRPCContext {
  sessionKey: string | null;
}

export function createTRPCContext({ headers }: { headers: Headers }): TRPCContext {
  return { sessionKey: readSessionKey(headers.get('cookie')) };
}
