import type { BusObserver, EventBus, JsonValue, ReleaseHandle, RequestHandler, RequestMetadata, ToolContext } from '@agentloom/runtime';

import type { RunTracing } from './run-tracing';

/**
 * The engine's tool bus with each tool request run inside its call's span (see
 * `RunTracing.withToolSpan`). Built-in tools such as `delegate` are registered by the runtime, so
 * wrapping the bus is the one place every handler of the run passes through.
 */
export class TracingEventBus implements EventBus<ToolContext> {
  readonly moduleId: string;

  constructor(
    private readonly inner: EventBus<ToolContext>,
    private readonly tracing: RunTracing,
  ) {
    this.moduleId = inner.moduleId;
  }

  register(topic: string, handler: RequestHandler<ToolContext>): ReleaseHandle {
    return this.inner.register(topic, handler);
  }

  request(topic: string, payload: unknown, context: ToolContext, ids: RequestMetadata): Promise<unknown> {
    return this.tracing.withToolSpan(context.idempotencyKey, () => this.inner.request(topic, payload, context, ids));
  }

  publish(topic: string, data: JsonValue): void {
    this.inner.publish(topic, data);
  }

  observe(observer: BusObserver): ReleaseHandle {
    return this.inner.observe(observer);
  }

  cancelTopic(topic: string): void {
    this.inner.cancelTopic(topic);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
