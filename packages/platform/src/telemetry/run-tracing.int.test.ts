import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { databaseModes } from '@agentloom/db/testing';
import { defineHttpRequestTool } from '@agentloom/runtime';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { installOutboundTracePropagation } from './outbound-trace-propagation';

const exporter = new InMemorySpanExporter();
let uninstallPropagation: () => void = () => undefined;
/** `traceparent` headers the status server received, in arrival order. */
const receivedTraceparents: string[] = [];
let server: Server;
let statusUrl = '';

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  uninstallPropagation = installOutboundTracePropagation();
  server = createServer((request, response) => {
    receivedTraceparents.push(String(request.headers.traceparent ?? ''));
    response.end('all systems up');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  statusUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
});

afterAll(async () => {
  uninstallPropagation();
  await new Promise((resolve) => server.close(resolve));
  trace.disable();
  propagation.disable();
  context.disable();
});

/** The outbound HTTP tool, allowed to reach the loopback status server of this test. */
const statusCheck = defineHttpRequestTool({ name: 'status_check', implementationId: 'test-tools/v1/status_check', allow: ['127.0.0.1'], methods: ['GET'] });

describe.each(databaseModes)('traces of a run with a tool call and a sub-agent (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [statusCheck], executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'site-reliability',
      name: 'Site reliability',
      config: {
        tools: ['status_check'],
        subAgents: [{ name: 'researcher', description: 'Looks into outages', instructions: 'You research outages.' }],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            { whenTaskIncludes: 'check the service', text: 'Checking.', toolCalls: [{ name: 'status_check', arguments: { url: statusUrl } }] },
            { whenTaskIncludes: 'check the service', text: 'Delegating.', toolCalls: [{ name: 'delegate', arguments: { agent: 'researcher', task: 'Research the outage' } }] },
            { whenTaskIncludes: 'check the service', text: 'The service is up.', toolCalls: [] },
            { whenTaskIncludes: 'research the outage', text: 'Looking.', toolCalls: [{ name: 'status_check', arguments: { url: statusUrl } }] },
            { whenTaskIncludes: 'research the outage', text: 'No outage.', toolCalls: [] },
          ],
        },
      },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  it('exports run, step, model-call and tool-call spans with GenAI attributes, the sub-agent nested under its delegate call, and trace context on outbound HTTP', async () => {
    exporter.reset();
    receivedTraceparents.length = 0;
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Please check the service' });
    const runSpans = () => exporter.getFinishedSpans().filter((span) => span.attributes['agentloom.run_id'] === run.id);
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    await expect.poll(() => runSpans().some((span) => span.name === 'invoke_agent site-reliability'), { timeout: 60_000 }).toBe(true);
    expect((await test.platform.runs.get(principal, { runId: run.id })).status).toBe('succeeded');

    const spans = runSpans();
    const [root, ...otherRoots] = spans.filter((span) => span.name.startsWith('invoke_agent'));
    expect(otherRoots).toEqual([]);
    expect(root!.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'site-reliability',
      'gen_ai.agent.id': agentId,
      'agentloom.tenant_id': principal.tenantId,
      'agentloom.attempt': 1,
    });
    const children = (parent: ReadableSpan) => spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);
    const steps = children(root!);
    expect(steps.map((span) => span.name)).toEqual(['agentloom.run.step', 'agentloom.run.step', 'agentloom.run.step']);
    for (const span of spans) expect(span.spanContext().traceId).toBe(root!.spanContext().traceId);

    // Step 1: a model call, then the tool call.
    const [firstModel, firstTool] = children(steps[0]!);
    expect(firstModel!.name).toBe('chat demo-script');
    expect(firstModel!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'agentloom-demo',
      'gen_ai.system': 'agentloom-demo',
      'gen_ai.request.model': 'demo-script',
      'gen_ai.response.finish_reasons': ['tool-calls'],
      'agentloom.run_id': run.id,
      'agentloom.tenant_id': principal.tenantId,
    });
    expect(typeof firstModel!.attributes['gen_ai.response.model']).toBe('string');
    expect(typeof firstModel!.attributes['gen_ai.usage.input_tokens']).toBe('number');
    expect(typeof firstModel!.attributes['gen_ai.usage.output_tokens']).toBe('number');
    expect(firstTool!.name).toBe('execute_tool status_check');
    expect(firstTool!.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'status_check', 'agentloom.tool_call.status': 'succeeded' });
    expect(typeof firstTool!.attributes['gen_ai.tool.call.id']).toBe('string');

    // Step 2: the delegate call holds the sub-agent's model calls and its own tool call.
    const delegate = children(steps[1]!).find((span) => span.name === 'execute_tool delegate')!;
    expect(delegate).toBeDefined();
    const nested = children(delegate);
    expect(nested.map((span) => span.name)).toEqual(['chat demo-script', 'execute_tool status_check', 'chat demo-script']);
    const childTool = nested[1]!;
    expect(childTool.attributes).toMatchObject({ 'agentloom.sub_agent': 'researcher', 'gen_ai.tool.name': 'status_check' });
    expect(childTool.attributes['gen_ai.tool.call.id']).toMatch(/\//);

    // Step 3: the final answer.
    expect(children(steps[2]!).map((span) => span.name)).toEqual(['chat demo-script']);
    expect(children(steps[2]!)[0]!.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);

    // Each outbound request carried its own tool call's span as the parent.
    const traceparentOf = (span: ReadableSpan) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;
    expect(receivedTraceparents).toEqual([traceparentOf(firstTool!), traceparentOf(childTool)]);
  });
});
