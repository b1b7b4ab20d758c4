import type { Transport } from '../transport.ts';
import type { ConcurrencyLimits, SetConcurrencyLimitInput } from '../types.ts';

/** Tenant and agent concurrency limits every executor's claim holds; reading needs any key, changing an admin key. */
export function concurrencyLimitsResource(transport: Transport) {
  return {
    /** The tenant's limit and every agent's that has one, with the runs running now. */
    get(): Promise<ConcurrencyLimits> {
      return transport.json('GET', '/api/v1/concurrency-limits');
    },
    /** Sets (a number) or clears (null) the limit of the tenant (no `agentId`) or one agent; returns the limits after the change. */
    set(input: SetConcurrencyLimitInput): Promise<ConcurrencyLimits> {
      return transport.json('POST', '/api/v1/concurrency-limits', { body: input });
    },
  };
}
