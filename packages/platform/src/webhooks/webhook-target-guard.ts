import type { LookupFunction } from 'node:net';

import { OutboundRefusedError, type OutboundPolicy } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';

/**
 * The deployment's outbound policy as webhooks use it: http(s) only, and every address the
 * hostname resolves to must be public (IPv4 inside IPv6 judged as IPv4) unless the operator
 * allowed the target. Checked when an endpoint is created and again before every delivery, where
 * the connection's own DNS lookup applies the same policy (so a DNS answer that changed in
 * between cannot point it at an internal address).
 */
export class WebhookTargetGuard {
  /** For the delivery's connection: refuses a private address at connect time, before any byte is sent. */
  readonly lookup: LookupFunction;

  constructor(private readonly policy: OutboundPolicy) {
    this.lookup = policy.lookup;
  }

  /** Resolves the URL and throws a `validation` DomainError naming `field` when it is refused. */
  async assertAllowed(url: string, field = 'url'): Promise<URL> {
    try {
      return (await this.policy.assertAllowed(url)).url;
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new DomainError('validation', error.message, field);
      throw error;
    }
  }
}
