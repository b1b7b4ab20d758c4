import type { LookupFunction } from 'node:net';

import { OutboundPolicy, type AllowedTarget, type ResolveAll } from '../../outbound/outbound-policy';
import { OutboundRefusedError } from '../../outbound/outbound-refused-error';
import { ToolAdapterError } from './adapter-error';

export type { ResolveAll };

/** Options of the guard; `allow` lists hostnames, addresses or CIDRs that are exempt. */
export interface PublicUrlOptions {
  allow?: readonly string[];
  resolve?: ResolveAll;
}

/** The tool adapters' view of the outbound policy: a refusal becomes a `url-refused` adapter error. */
export function policyFor(options: PublicUrlOptions): OutboundPolicy {
  return new OutboundPolicy({ allowPrivateTargets: options.allow, resolve: options.resolve });
}

/**
 * Checks a URL with the outbound policy at save or request time (scheme, names, every resolved
 * address) and returns the checked addresses.
 * @throws ToolAdapterError with kind `url-refused`.
 */
export async function assertAllowedByPolicy(policy: OutboundPolicy, url: string | URL): Promise<AllowedTarget> {
  try {
    return await policy.assertAllowed(url);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new ToolAdapterError('url-refused', error.message, { cause: error });
    throw error;
  }
}

/**
 * Refuses URLs that would reach the host itself, private networks or cloud metadata services
 * (see `OutboundPolicy`). Kept for callers holding options rather than a policy.
 * @throws ToolAdapterError with kind `url-refused`.
 */
export function assertPublicUrl(url: string | URL, options: PublicUrlOptions = {}): Promise<AllowedTarget> {
  return assertAllowedByPolicy(policyFor(options), url);
}

/** The policy's connect-time `lookup` for `http.request`/`net.connect`. */
export function createGuardedLookup(options: PublicUrlOptions = {}): LookupFunction {
  return policyFor(options).lookup;
}
