import { DomainError, roleAtLeast, type Platform, type Principal, type Role } from '@agentloom/platform';
import { clientAddressFor } from '~/server/http/client-address';
import { isSameOriginRequest } from '~/server/http/same-origin';
import { readSessionToken } from '~/server/session/session-cookie';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who is calling: an API key in `Authorization: Bearer …` (external clients), else the console's
 * session cookie (the browser). A cookie travels with any request the browser makes, so a
 * state-changing request authenticated by it must come from a page of this site. Every request is
 * checked against the database, so a key revoked on another process is refused here at once;
 * failed attempts count per client address and key.
 */
export async function authenticateRequest(request: Request, platform: Platform): Promise<Principal> {
  const context = { clientAddress: clientAddressFor(request.headers) };
  const authorization = request.headers.get('authorization');
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw new DomainError('unauthenticated', 'Authorization must be "Bearer <API key>".');
    return principalOrThrow(await platform.auth.authenticate(match[1], context));
  }
  const sessionToken = readSessionToken(request.headers.get('cookie'));
  if (sessionToken === null) throw new DomainError('unauthenticated', 'Send an API key as "Authorization: Bearer <API key>".');
  if (!safeMethods.has(request.method) && !isSameOriginRequest(request)) {
    throw new DomainError('forbidden', 'Cross-origin requests must authenticate with an API key, not the console session.');
  }
  return principalOrThrow(await platform.auth.authenticateSession(sessionToken, context));
}

/** Roles are ordered (viewer < operator < admin); each route names the least it needs. */
export function requireRole(principal: Principal, required: Role): void {
  if (!roleAtLeast(principal.role, required)) {
    throw new DomainError('forbidden', `This needs the ${required} role; your key has ${principal.role}.`);
  }
}

function principalOrThrow(principal: Principal | null): Principal {
  // One message for unknown, malformed and revoked keys: telling them apart would help an attacker.
  if (principal === null) throw new DomainError('unauthenticated', 'That API key is not valid.');
  return principal;
}
