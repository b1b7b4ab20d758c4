import { request } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createGuardedFetch, OutboundPolicy } from '@agentloom/runtime';
import { context, propagation, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { installOutboundTracePropagation } from './outbound-trace-propagation';

/**
 * The undici path (the guarded fetch behind MCP over HTTP and model providers) and Node's http client
 * (the HTTP tool, webhooks) both carry the caller's span; outside a span nothing is added.
 */
describe('outbound trace propagation', () => {
  const received: (string | undefined)[] = [];
  let server: Server;
  let url = '';
  let uninstall: () => void = () => undefined;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new TracerProvider());
    uninstall = installOutboundTracePropagation();
    server = createServer((incoming, response) => {
      received.push(incoming.headers.traceparent as string | undefined);
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    uninstall();
    await new Promise((resolve) => server.close(resolve));
    trace.disable();
    propagation.disable();
    context.disable();
  });

  const traceparentOf = (span: Span) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;
  const inSpan = <T>(work: (span: Span) => Promise<T>) => trace.getTracer('test').startActiveSpan('caller', async (span) => work(span).finally(() => span.end()));
  const httpGet = () =>
    new Promise<void>((resolve, reject) => {
      request(url, (response) => {
        response.resume();
        response.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });

  it("adds the caller's span to guarded fetch (undici) and Node http requests, and nothing outside a span", async () => {
    received.length = 0;
    const guardedFetch = createGuardedFetch(new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] }));
    const fetchSpan = await inSpan(async (span) => {
      await (await guardedFetch(url)).text();
      return span;
    });
    const httpSpan = await inSpan(async (span) => {
      await httpGet();
      return span;
    });
    await httpGet();
    expect(received).toEqual([traceparentOf(fetchSpan), traceparentOf(httpSpan), undefined]);
  });
});
