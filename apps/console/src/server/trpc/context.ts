import type { RequestOrigin } from '@agentloom/platform';
import { requestIdFromHeaders } from '~/server/http/request-id';
import { requestOriginFor } from '~/server/http/request-origin';
import { isSameOriginHeaders } from '~/server/http/same-origin';
import { readSessionKey } from '~/server/session/session-cookie';

/**
 * What every procedure starts from: the session key from the cookie and whether the request came
 * from a page of this site. The platform and the principal are resolved by the procedure
 * middleware, inside the error middleware, so a database that cannot be opened becomes
 * SERVICE_UNAVAILABLE rather than an unmapped failure.
 */
export interface TRPCContext {
  sessionKey: string | null;
  /** False for cross-site requests: mutations are refused then (the cookie rides along on CSRF). */
  sameOrigin: boolean;
  /** Client address and request id, recorded with every audited change. */
  origin: RequestOrigin;
}

export function createTRPCContext({ headers }: { headers: Headers }): TRPCContext {
  return {
    sessionKey: readSessionKey(headers.get('cookie')),
    sameOrigin: isSameOriginHeaders(headers),
    origin: requestOriginFor(headers, requestIdFromHeaders(headers)),
  };
}
