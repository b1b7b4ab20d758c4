import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/**
 * Spans for the work an executor does. Without an OpenTelemetry SDK registered by the app (see the
 * console's and worker's telemetry setup, enabled by OTEL_EXPORTER_OTLP_ENDPOINT) these are no-ops.
 */
export const tracer = trace.getTracer('agentloom');

export async function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : new Error(String(error)));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
