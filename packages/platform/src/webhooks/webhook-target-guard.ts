import type { LookupFunction } from 'node:net';

import { assertPublicUrl, createGuardedLookup, type PublicUrlOptions } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';

/**
 * The SSRF guard for webhook targets, shared with the HTTP tool adapter: http(s) only, and every
 * address the hostname resolves to must be public (no loopback, private, link-local or cloud
 * metadata) unless listed in `allowPrivateTargets`. Checked when an endpoint is created and again
 * before every delivery, where the connection's own DNS lookup applies the same policy (so a DNS
 * answer that changed in between cannot point it at an internal address).
 */
export class WebhookTargetGuard {
  private readonly options: PublicUrlOptions;
  /** For the delivery's connection: refuses a private address at connect time, before any byte is sent. */
  readonly lookup: LookupFunction;

  constructor(allowPrivateTargets: readonly string[]) {
    this.options = { allow: allowPrivateTargets };
    this.lookup = createGuardedLookup(this.options);
  }

  /** Resolves the URL and throws a `validation` DomainError naming `field` when it is refused. */
  async assertAllowed(url: string, field = 'url'): Promise<URL> {
    try {
      return (await assertPublicUrl(url, this.options)).url;
    } catch (error) {
      // The guard only throws refusals (bad scheme, private address, unresolvable name).
      throw new DomainError('validation', error instanceof Error ? error.message : `Refused to reach ${url}`, field);
    }
  }
}
