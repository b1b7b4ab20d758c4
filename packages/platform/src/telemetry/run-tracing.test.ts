import type { ToolCallInterruption } from '@agentloom/runtime';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunTracing } from './run-tracing';

const exporter = new InMemorySpanExporter();
beforeAll(() => {
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
});
afterAll(() => trace.disable());

/**
 * Spans leave the instance (an OTLP collector), where an erase cannot reach them: a failed tool's result is
 * run content (the handler may quote its arguments, a record it read, the user's words), so a span carries
 * how the call ended, never what it returned (an erase audit, ADR 0104).
 */
describe('a tool call span', () => {
  const secret = 'zqtracesecret customer 4711 said: cancel my plan';
  const call = (interruption?: ToolCallInterruption) => {
    exporter.reset();
    const hooks = new RunTracing({ runId: 'run-1', tenantId: 'tenant-1', agentId: 'agent-1' }).hooks();
    const info = { instanceId: 'run-1', step: 1, call: { id: 'call-1', name: 'crm_update', arguments: { note: secret } }, idempotencyKey: 'key-1' };
    void hooks.toolCallStarting?.(info);
    void hooks.toolCallFinished?.({ ...info, result: { content: `could not save "${secret}"`, isError: true }, ...(interruption ? { interruption } : {}) });
    const [span] = exporter.getFinishedSpans();
    return span!;
  };

  it('of a failed call says it failed, without the result', () => {
    const span = call();
    expect(span.status).toEqual({ code: 2, message: 'tool call failed' });
    expect(span.attributes['agentloom.tool_call.status']).toBe('failed');
    expect(JSON.stringify([span.status, span.attributes, span.events, span.name])).not.toContain('zqtracesecret');
  });

  it('of an interrupted call names the interruption', () => {
    expect(call('cancelled').status).toEqual({ code: 2, message: 'tool call cancelled' });
  });
});
