import { installOutboundTracePropagation } from '@agentloom/platform';

/**
 * Exports traces (run, step, model-call and tool-call spans with GenAI attributes, see @agentloom/platform telemetry) over OTLP/HTTP
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set; the exporter reads the standard OTEL_* variables itself.
 * Without it nothing is started and the platform's spans are no-ops. The SDK is imported only when
 * an endpoint is set: it is the heaviest import of the worker, and a worker that only executes
 * runs should start without it.
 */
export async function startTelemetry(serviceName: string, endpoint: string | undefined): Promise<{ stop(): Promise<void> }> {
  if (!endpoint) return { stop: () => Promise.resolve() };
  const [{ NodeSDK }, { OTLPTraceExporter }] = await Promise.all([import('@opentelemetry/sdk-node'), import('@opentelemetry/exporter-trace-otlp-http')]);
  const sdk = new NodeSDK({ serviceName, traceExporter: new OTLPTraceExporter() });
  sdk.start();
  // Tool HTTP calls, MCP requests and webhooks carry the active trace context (traceparent).
  const uninstallPropagation = installOutboundTracePropagation();
  return {
    stop: () => {
      uninstallPropagation();
      return sdk.shutdown();
    },
  };
}
