import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/**
 * Spans for the work an executor does. Without an OpenTelemetry SDK registered by the app (see the
 * console's and worker's telemetry setup, enabled by OTEL_EXPORTER_OTLP_ENDPOINT) these are no-ops.
 * The tracer is looked up per call, so an SDK registered after this module loaded (a test's) is used.
 */
export function tracer(): ReturnType<typeof trace.getTracer> {
  return trace.getTracer('agentloom');
}

export async function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Records the error on the span and sets its status to ERROR. */
export function markFailed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : new Error(String(error)));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
