import { DomainError, roleAtLeast, type Role } from '@agentloom/platform';
import { getPlatform } from '~/server/container';
import { enforceRateLimit } from '~/server/http/rate-limit';
import { holdStreamSlot } from '~/server/http/stream-limit';
import type { StreamSlot } from '~/server/http/stream-slots';
import { errorMiddleware } from '~/server/trpc/error-middleware';
import { baseProcedure } from '~/server/trpc/init';
import { storableInputMiddleware } from '~/server/trpc/storable-input-middleware';

/**
 * Every procedure: errors mapped once, input text Postgres cannot store refused, the platform at
 * hand, the caller's principal (or null).
 * Mutations must come from a page of this site: the session cookie rides along on cross-site
 * requests (CSRF), and tRPC is only ever called by the console itself.
 */
export const publicProcedure = baseProcedure.use(errorMiddleware).use(storableInputMiddleware).use(async ({ ctx, next, type }) => {
  if (type === 'mutation' && !ctx.sameOrigin) throw new DomainError('forbidden', 'Cross-origin requests cannot change anything in the console.');
  const platform = await getPlatform();
  const authenticated = ctx.sessionToken === null ? null : await platform.auth.authenticateSession(ctx.sessionToken, { clientAddress: ctx.clientAddress });
  const principal = authenticated === null ? null : { ...authenticated, origin: ctx.origin };
  return next({ ctx: { platform, principal } });
});

function procedureRequiring(required: Role) {
  // The meta makes the declared role readable from the router (the role matrix test reads it).
  return publicProcedure.meta({ role: required }).use(async ({ ctx, next, type }) => {
    const { principal } = ctx;
    if (principal === null) {
      // An operator session is a valid credential of the wrong kind: told so, as the REST API tells an operator key.
      if (ctx.operatorSessionToken !== null && (await ctx.platform.auth.authenticateOperatorSession(ctx.operatorSessionToken, { clientAddress: ctx.clientAddress })) !== null) {
        throw new DomainError('forbidden', 'The instance operator manages tenants and reads no tenant data; sign in with a tenant API key for that.');
      }
      throw new DomainError('unauthenticated', 'Sign in with an API key to continue.');
    }
    // A subscription is a long-lived stream: it takes one of the key's concurrent stream slots, not a request token.
    if (type !== 'subscription') enforceRateLimit(principal.apiKeyId, principal.requestLimits);
    if (!roleAtLeast(principal.role, required)) {
      throw new DomainError('forbidden', `This needs the ${required} role; your key has ${principal.role}.`);
    }
    if (type !== 'subscription') return next({ ctx: { principal } });
    const slot = holdStreamSlot(principal.apiKeyId);
    const result = await next({ ctx: { principal } });
    if (!result.ok || !isAsyncIterable(result.data)) {
      slot.release();
      return result;
    }
    return { ...result, data: releasingWhenDone(result.data, slot) };
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** The subscription's items; the slot is freed when it ends, fails or the client goes away (tRPC calls `return`). */
async function* releasingWhenDone(items: AsyncIterable<unknown>, slot: StreamSlot): AsyncGenerator<unknown> {
  try {
    yield* items;
  } finally {
    slot.release();
  }
}

/**
 * The instance operator's session (signed in with the operator key, ADR 0041): the tenants page.
 * A tenant's key of any role is refused with 403, as on `/api/v1/tenants`; no session is a 401.
 */
export const instanceAdminProcedure = publicProcedure.meta({ role: 'instanceAdmin' }).use(async ({ ctx, next }) => {
  const authenticated =
    ctx.operatorSessionToken === null ? null : await ctx.platform.auth.authenticateOperatorSession(ctx.operatorSessionToken, { clientAddress: ctx.clientAddress });
  if (authenticated === null) {
    if (ctx.principal !== null) throw new DomainError('forbidden', 'Managing tenants needs the instance operator key; a tenant key (of any role) cannot.');
    throw new DomainError('unauthenticated', 'Sign in with the instance operator key to manage tenants.');
  }
  enforceRateLimit(`operator:${authenticated.operatorKeyId}`);
  return next({ ctx: { operator: { ...authenticated, origin: ctx.origin } } });
});

/** Signed in with any role: read-only views. */
export const viewerProcedure = procedureRequiring('viewer');
/** Operators and admins: starting, cancelling and approving runs. */
export const operatorProcedure = procedureRequiring('operator');
/** Admins only: API keys, tenant settings, erasure. */
export const adminProcedure = procedureRequiring('admin');
