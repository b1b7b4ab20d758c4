import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { installOutboundTracePropagation } from '@agentloom/platform';

/**
 * Exports traces (run, step, model-call and tool-call spans with GenAI attributes, see @agentloom/platform telemetry) over OTLP/HTTP
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set; the exporter reads the standard OTEL_* variables itself.
 * Without it nothing is started and the platform's spans are no-ops.
 */
export function startTelemetry(serviceName: string, endpoint: string | undefined): { stop(): Promise<void> } {
  if (!endpoint) return { stop: () => Promise.resolve() };
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
