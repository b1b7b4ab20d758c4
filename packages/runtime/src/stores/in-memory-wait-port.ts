import type { JsonValue } from '../contracts/json';
import type { WaitPort, WaitRequest, WaitState } from '../contracts/wait';
import { ValidationError } from '../errors';

interface StoredWait {
  request: WaitRequest;
  wakeAt: string | null;
  delivered?: { payload: JsonValue; deliveredAt: string };
}

/**
 * Reference wait store for tests: waits keyed by run and call, a clock the test moves, and
 * `deliver` for events. A second delivery for a key is refused, as the platform's store does.
 */
export class InMemoryWaitPort implements WaitPort {
  private readonly waits = new Map<string, StoredWait>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  register(instanceId: string, callId: string, request: WaitRequest): Promise<WaitState> {
    const id = `${instanceId}:${callId}`;
    let wait = this.waits.get(id);
    if (!wait) {
      if (request.kind === 'event' && this.pendingFor(request.correlationKey)) throw new ValidationError(`Correlation key "${request.correlationKey}" is already awaited`);
      wait = { request, wakeAt: this.wakeAtOf(request) };
      this.waits.set(id, wait);
    }
    return Promise.resolve(this.stateOf(wait));
  }

  /** Delivers an event; false when no pending wait has the key (unknown, or delivered already). */
  deliver(correlationKey: string, payload: JsonValue): boolean {
    const wait = this.pendingFor(correlationKey);
    if (!wait) return false;
    wait.delivered = { payload, deliveredAt: this.clock().toISOString() };
    return true;
  }

  private pendingFor(correlationKey: string): StoredWait | undefined {
    return [...this.waits.values()].find(
      (wait) => wait.request.kind === 'event' && wait.request.correlationKey === correlationKey && !wait.delivered && this.stateOf(wait).status === 'pending',
    );
  }

  private wakeAtOf(request: WaitRequest): string | null {
    if (request.kind === 'event') return request.timeoutMs === undefined ? null : new Date(this.clock().getTime() + request.timeoutMs).toISOString();
    return 'at' in request ? request.at : new Date(this.clock().getTime() + request.afterMs).toISOString();
  }

  private stateOf(wait: StoredWait): WaitState {
    if (wait.delivered) return { status: 'delivered', ...wait.delivered };
    const due = wait.wakeAt !== null && Date.parse(wait.wakeAt) <= this.clock().getTime();
    if (!due) return { status: 'pending', wakeAt: wait.wakeAt };
    return wait.request.kind === 'event' ? { status: 'timed-out', wakeAt: wait.wakeAt! } : { status: 'elapsed', wakeAt: wait.wakeAt! };
  }
}
