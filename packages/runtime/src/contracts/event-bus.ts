import type { JsonObject, JsonValue } from './json';

/** Removes one registration. Calling it twice, or after the topic was re-registered, changes nothing else. */
export interface ReleaseHandle {
  release(): void;
}

/** What observers receive: a deep-frozen JSON snapshot. Observers cannot reach execution state through it. */
export interface BusNotification {
  topic: string;
  kind: 'request-started' | 'request-finished' | 'request-failed' | 'published';
  /** For requests: ids and explicit scalar metadata only, never the raw payload or result. */
  data: JsonObject;
}

export type BusObserver = (notification: Readonly<BusNotification>) => void;

/** Trusted request handler: receives the payload and the caller's context. */
export type RequestHandler<TContext> = (payload: unknown, context: TContext) => Promise<unknown>;

/** Metadata copied into request notifications; scalars only so nothing mutable leaks to observers. */
export type RequestMetadata = Record<string, string | number | boolean | null>;

/**
 * Splits trusted requests from observation.
 * Contract: one handler per topic; observers never receive handler context, payloads or results of
 * requests (only what a publisher explicitly publishes); an observer that throws is isolated.
 */
export interface EventBus<TContext = unknown> {
  readonly moduleId: string;
  /** Registers the handler for `topic`, replacing none: a second registration while one is active throws. */
  register(topic: string, handler: RequestHandler<TContext>): ReleaseHandle;
  /** Calls the topic's handler; observers get `request-started`/`-finished`/`-failed` with `ids` and `metadata`. */
  request(topic: string, payload: unknown, context: TContext, ids: RequestMetadata): Promise<unknown>;
  /** Sends an explicit JSON notification to observers (deep-cloned and frozen per delivery). */
  publish(topic: string, data: JsonValue): void;
  /** Adds an observer for all topics. */
  observe(observer: BusObserver): ReleaseHandle;
  /** Aborts in-flight requests of `topic` and removes its handler; the bus stays open for other topics and new registrations. */
  cancelTopic(topic: string): void;
  /** Cancels every topic and refuses further use. */
  close(): Promise<void>;
}
