import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { LifecycleHooks } from '@agentloom/runtime';

import { agentloomAttributes, genAi } from './gen-ai-attributes';
import { tracer } from './tracing';

/** Who a run's spans belong to; every span of the run carries these. */
export interface RunTraceIdentity {
  runId: string;
  tenantId: string;
  agentId: string;
  /** The configured model, for `gen_ai.request.model`; absent for the offline demo script. */
  model?: { provider: string; model: string };
}

/** Provider name of the offline demo script (no configured model). */
const demoProvider = 'agentloom-demo';

/**
 * Model-call and tool-call spans of one run attempt, built from the runtime's lifecycle hooks (the
 * runtime knows nothing of OpenTelemetry). A span's parent is the context active when its hook
 * runs: the step span for the run's own calls; for a sub-agent's calls, the delegating tool call's
 * span, which `withToolSpan` keeps active while the delegate handler runs the child — so sub-agent
 * calls nest under the call that delegated them.
 *
 * Register these hooks after the guarding hooks (cancel fence, ledger): a vetoed or replayed call
 * never reaches them and runs no handler, so it gets no span.
 */
export class RunTracing {
  /** Open tool spans by idempotency key (what both the hooks and the handler's context carry). */
  private readonly toolSpans = new Map<string, Span>();
  /** Open model spans by engine instance id (parent run or sub-agent): an engine makes one call at a time. */
  private readonly modelSpans = new Map<string, Span>();
  private readonly common: Attributes;

  constructor(private readonly identity: RunTraceIdentity) {
    this.common = { [agentloomAttributes.runId]: identity.runId, [agentloomAttributes.tenantId]: identity.tenantId, [genAi.agentId]: identity.agentId };
  }

  hooks(): LifecycleHooks {
    return {
      modelCallStarting: (info) => {
        const provider = this.identity.model?.provider ?? demoProvider;
        const requestModel = this.identity.model?.model ?? 'demo-script';
        const span = tracer().startSpan(
          `chat ${requestModel}`,
          {
            kind: SpanKind.CLIENT,
            attributes: {
              ...this.common,
              [genAi.operationName]: 'chat',
              [genAi.providerName]: provider,
              [genAi.system]: provider,
              [genAi.requestModel]: requestModel,
              [agentloomAttributes.step]: info.step,
              [agentloomAttributes.purpose]: info.purpose,
            },
          },
          context.active(),
        );
        this.replace(this.modelSpans, info.instanceId, span);
      },
      modelCallFinished: ({ instanceId, response }) => {
        const span = this.take(this.modelSpans, instanceId);
        if (!span) return;
        span.setAttributes({
          [genAi.responseModel]: response.model,
          [genAi.inputTokens]: response.usage.inputTokens,
          [genAi.outputTokens]: response.usage.outputTokens,
          [genAi.finishReasons]: [response.finishReason],
        });
        if (response.finishReason === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      },
      toolCallStarting: (info) => {
        const span = tracer().startSpan(
          `execute_tool ${info.call.name}`,
          {
            kind: SpanKind.INTERNAL,
            attributes: {
              ...this.common,
              [genAi.operationName]: 'execute_tool',
              [genAi.toolName]: info.call.name,
              [genAi.toolCallId]: info.call.id,
              [agentloomAttributes.step]: info.step,
              ...(info.delegation ? { [agentloomAttributes.delegatedAgent]: info.delegation.agent } : {}),
            },
          },
          context.active(),
        );
        this.replace(this.toolSpans, info.idempotencyKey, span);
      },
      toolCallFinished: (info) => {
        const span = this.take(this.toolSpans, info.idempotencyKey);
        if (!span) return;
        const status = info.interruption ?? (info.result.isError ? 'failed' : 'succeeded');
        span.setAttribute(agentloomAttributes.toolStatus, status);
        // How it ended, not what it returned: spans leave the instance (a collector), where an erase cannot
        // reach, and a failed tool's result is run content (it may quote its arguments or what it read).
        if (status !== 'succeeded') span.setStatus({ code: SpanStatusCode.ERROR, message: `tool call ${status}` });
        span.end();
      },
    };
  }

  /**
   * Runs `work` with the call's span active, so what the handler starts — a sub-agent's spans, the
   * trace context on its outbound HTTP and MCP requests — belongs to the call. Without an open span
   * for the key (tracing off, a replayed call) `work` runs unchanged.
   */
  withToolSpan<T>(idempotencyKey: string, work: () => T): T {
    const span = this.toolSpans.get(idempotencyKey);
    return span ? context.with(trace.setSpan(context.active(), span), work) : work();
  }

  /**
   * Ends the spans a failed or aborted call left open (a gateway error never reaches
   * `modelCallFinished`); called after every step, so no span outlives the step that started it.
   */
  endOpenSpans(reason: string): void {
    for (const spans of [this.modelSpans, this.toolSpans]) {
      for (const span of spans.values()) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: reason });
        span.end();
      }
      spans.clear();
    }
  }

  private replace(spans: Map<string, Span>, key: string, span: Span): void {
    spans.get(key)?.end();
    spans.set(key, span);
  }

  private take(spans: Map<string, Span>, key: string): Span | undefined {
    const span = spans.get(key);
    spans.delete(key);
    return span;
  }
}
