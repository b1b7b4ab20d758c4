import type { RuntimeEvent } from '../contracts/events';
import type { EventSink, StoredEvent } from '../contracts/stores';
import { ValidationError } from '../errors';
import { jsonClone } from '../util/deep-freeze';

/** Reference EventSink: per-run ordered log; replaying already stored sequence numbers is a no-op. */
export class InMemoryEventSink implements EventSink {
  private readonly runs = new Map<string, StoredEvent[]>();

  append(events: readonly RuntimeEvent[]): Promise<void> {
    try {
      this.appendNow(events);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  read(instanceId: string, options: { afterSequence?: number; limit?: number } = {}): Promise<StoredEvent[]> {
    const after = options.afterSequence ?? 0;
    const matching = (this.runs.get(instanceId) ?? []).filter((event) => event.sequence > after);
    return Promise.resolve(jsonClone(options.limit === undefined ? matching : matching.slice(0, options.limit)));
  }

  private appendNow(events: readonly RuntimeEvent[]): void {
    for (const event of events) {
      const log = this.runs.get(event.instanceId) ?? [];
      const last = log.at(-1)?.sequence ?? 0;
      if (event.sequence <= last) {
        if (log.some((stored) => stored.sequence === event.sequence)) continue;
        throw new ValidationError(`Event sequence ${event.sequence} for run ${event.instanceId} is out of order (last ${last})`);
      }
      log.push(jsonClone(event));
      this.runs.set(event.instanceId, log);
    }
  }
}
