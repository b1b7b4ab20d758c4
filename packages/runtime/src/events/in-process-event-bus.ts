import type { BusNotification, BusObserver, EventBus, ReleaseHandle, RequestHandler, RequestMetadata } from '../contracts/event-bus';
import type { JsonValue } from '../contracts/json';
import { AbortedError, EngineStateError } from '../errors';
import { frozenJsonSnapshot } from '../util/deep-freeze';
import { raceWithAbort } from '../util/abort';

interface Registration<TContext> {
  handler: RequestHandler<TContext>;
  /** Aborted by cancelTopic so in-flight requests of this registration end promptly. */
  controller: AbortController;
}

/**
 * In-process bus. Registrations are identified by object, so a stale release handle can only remove
 * the registration it was issued for, never a later one on the same topic.
 */
export class InProcessEventBus<TContext = unknown> implements EventBus<TContext> {
  readonly moduleId = 'in-process-event-bus/v1';
  private readonly handlers = new Map<string, Registration<TContext>>();
  private readonly observers = new Set<{ observer: BusObserver }>();
  private closed = false;

  register(topic: string, handler: RequestHandler<TContext>): ReleaseHandle {
    this.assertOpen();
    if (this.handlers.has(topic)) throw new EngineStateError(`Topic "${topic}" already has a handler`);
    const registration: Registration<TContext> = { handler, controller: new AbortController() };
    this.handlers.set(topic, registration);
    return {
      release: () => {
        if (this.handlers.get(topic) === registration) this.handlers.delete(topic);
      },
    };
  }

  async request(topic: string, payload: unknown, context: TContext, ids: RequestMetadata): Promise<unknown> {
    this.assertOpen();
    const registration = this.handlers.get(topic);
    if (!registration) throw new EngineStateError(`No handler registered for topic "${topic}"`);
    // Only ids and scalar metadata are announced; payloads and results stay between caller and handler.
    this.notify({ topic, kind: 'request-started', data: { ...ids } });
    try {
      const result = await raceWithAbort(registration.handler(payload, context), registration.controller.signal);
      this.notify({ topic, kind: 'request-finished', data: { ...ids } });
      return result;
    } catch (error) {
      this.notify({ topic, kind: 'request-failed', data: { ...ids, errorName: error instanceof Error ? error.name : 'Error' } });
      throw error;
    }
  }

  publish(topic: string, data: JsonValue): void {
    this.assertOpen();
    this.notify({ topic, kind: 'published', data: { value: data } });
  }

  observe(observer: BusObserver): ReleaseHandle {
    const entry = { observer };
    this.observers.add(entry);
    return { release: () => void this.observers.delete(entry) };
  }

  cancelTopic(topic: string): void {
    const registration = this.handlers.get(topic);
    if (!registration) return;
    this.handlers.delete(topic);
    registration.controller.abort(new AbortedError(`Topic "${topic}" cancelled`));
  }

  close(): Promise<void> {
    for (const topic of [...this.handlers.keys()]) this.cancelTopic(topic);
    this.observers.clear();
    this.closed = true;
    return Promise.resolve();
  }

  private notify(notification: BusNotification): void {
    if (this.observers.size === 0) return;
    for (const { observer } of [...this.observers]) {
      // Each observer gets its own frozen copy so one cannot even affect what the next one sees.
      try {
        observer(frozenJsonSnapshot(notification));
      } catch {
        // Observers are untrusted listeners; their failures must not change the run.
      }
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new EngineStateError('Event bus is closed');
  }
}
