import type { RequestOrigin } from '@agentloom/platform';
import { clientAddressFor } from '~/server/http/client-address';
import { requestIdFromHeaders } from '~/server/http/request-id';
import { requestOriginFor } from '~/server/http/request-origin';
import { isSameOriginHeaders } from '~/server/http/same-origin';
import { readOperatorSessionToken, readSessionToken } from '~/server/session/session-cookie';

/**
 * What every procedure starts from: the session token from the cookie and whether the request came
 * from a page of this site. The platform and the principal are resolved by the procedure
 * middleware, inside the error middleware, so a database that cannot be opened becomes
 * SERVICE_UNAVAILABLE rather than an unmapped failure.
 */
export interface TRPCContext {
  sessionToken: string | null;
  /** The instance operator's session token (its own cookie, ADR 0041), for the tenants procedures. */
  operatorSessionToken: string | null;
  /** False for cross-site requests: mutations are refused then (the cookie rides along on CSRF). */
  sameOrigin: boolean;
  /** Client address and request id, recorded with every audited change. */
  origin: RequestOrigin;
  /** The address failed authentications are counted against (see client-address.ts). */
  clientAddress: string | null;
}

export function createTRPCContext({ headers }: { headers: Headers }): TRPCContext {
  return {
    sessionToken: readSessionToken(headers.get('cookie')),
    operatorSessionToken: readOperatorSessionToken(headers.get('cookie')),
    sameOrigin: isSameOriginHeaders(headers),
    origin: requestOriginFor(headers, requestIdFromHeaders(headers)),
    clientAddress: clientAddressFor(headers),
  };
}
