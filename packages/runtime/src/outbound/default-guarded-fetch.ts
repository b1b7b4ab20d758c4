import { createGuardedFetch, type GuardedFetch } from './guarded-fetch';
import { OutboundPolicy } from './outbound-policy';

let strictFetch: GuardedFetch | undefined;

/**
 * The `fetch` model and embedder providers use when the host passes none: the outbound policy
 * with nothing allowlisted (public addresses only, redirects refused). A host that reaches a
 * private endpoint on purpose passes a `fetch` built from its own policy.
 */
export function defaultGuardedFetch(): GuardedFetch {
  strictFetch ??= createGuardedFetch(new OutboundPolicy());
  return strictFetch;
}
