import { DomainError, looksLikeOperatorKey, roleAtLeast, type OperatorPrincipal, type Platform, type Principal, type Role } from '@agentloom/platform';
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
    if (looksLikeOperatorKey(match[1])) {
      // A valid operator key is told so: it administers tenants and reads no tenant's data (ADR 0035).
      operatorOrThrow(await platform.auth.authenticateOperator(match[1], context));
      throw new DomainError('forbidden', 'An operator key manages tenants (/api/v1/tenants) and cannot use tenant routes; mint a tenant admin key for that.');
    }
    return principalOrThrow(await platform.auth.authenticate(match[1], context));
  }
  const sessionToken = readSessionToken(request.headers.get('cookie'));
  if (sessionToken === null) throw new DomainError('unauthenticated', 'Send an API key as "Authorization: Bearer <API key>".');
  if (!safeMethods.has(request.method) && !isSameOriginRequest(request)) {
    throw new DomainError('forbidden', 'Cross-origin requests must authenticate with an API key, not the console session.');
  }
  return principalOrThrow(await platform.auth.authenticateSession(sessionToken, context));
}

/**
 * The instance operator behind `Authorization: Bearer alop_…`, for `/api/v1/tenants`. Only a bearer
 * operator key is accepted (no console session, so no cookie-borne CSRF); a tenant's key, however
 * powerful in its tenant, is refused with 403.
 */
export async function authenticateOperatorRequest(request: Request, platform: Platform): Promise<OperatorPrincipal> {
  const authorization = request.headers.get('authorization');
  const match = authorization === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw new DomainError('unauthenticated', 'Send the instance operator key as "Authorization: Bearer <operator key>".');
  const context = { clientAddress: clientAddressFor(request.headers) };
  if (looksLikeOperatorKey(match[1])) return operatorOrThrow(await platform.auth.authenticateOperator(match[1], context));
  // A tenant key: verified first, so an invalid one is a 401 like anywhere else, a valid one a 403.
  principalOrThrow(await platform.auth.authenticate(match[1], context));
  throw new DomainError('forbidden', 'Managing tenants needs the instance operator key; a tenant key (of any role) cannot.');
}

/** Roles are ordered (viewer < operator < admin); each route names the least it needs. */
export function requireRole(principal: Principal, required: Role): void {
  if (!roleAtLeast(principal.role, required)) {
    throw new DomainError('forbidden', `This needs the ${required} role; your key has ${principal.role}.`);
  }
}

function operatorOrThrow(operator: OperatorPrincipal | null): OperatorPrincipal {
  if (operator === null) throw new DomainError('unauthenticated', 'That operator key is not valid.');
  return operator;
}

function principalOrThrow(principal: Principal | null): Principal {
  // One message for unknown, malformed and revoked keys: telling them apart would help an attacker.
  if (principal === null) throw new DomainError('unauthenticated', 'That API key is not valid.');
  return principal;
}
