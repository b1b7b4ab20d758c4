import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { EventDelivery, JsonValue, RunWait } from '../types.ts';

/** Durable waits: deliver an external event to the run waiting for it, and read a run's waits. */
export function eventsResource(transport: Transport) {
  return {
    /**
     * Resumes the run whose `wait_for_event` waits with this key; the payload becomes the call's
     * result. Exactly once: a second delivery for the same wait fails with kind `conflict` (409),
     * so a retried delivery is safe; kind `not-found` (404) when no run ever waited for the key.
     */
    deliver(correlationKey: string, payload: JsonValue = null): Promise<EventDelivery> {
      return transport.json('POST', '/api/v1/events', { body: { correlationKey, payload } });
    },
    /** The run's timers and events, oldest first. */
    async waits(runId: string): Promise<RunWait[]> {
      const page: { waits: RunWait[] } = await transport.json('GET', `/api/v1/runs/${pathSegment('runId', runId)}/waits`);
      return page.waits;
    },
  };
}
