import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';

import { context, propagation } from '@opentelemetry/api';

/** What undici publishes on `undici:request:create` (the fetch behind model providers and MCP over HTTP). */
interface UndiciRequestCreated {
  request: { addHeader(name: string, value: string): unknown };
}

/**
 * Adds the active trace context (W3C `traceparent`/`tracestate`, or whatever propagator the app's
 * SDK registered) to every outbound request this process starts: Node's http/https client (the
 * HTTP request tool, webhooks) and undici's fetch (the guarded fetch of MCP HTTP transports and
 * model providers). Node publishes both on diagnostics channels synchronously from the caller, so
 * the active context is the caller's — inside a tool handler, its tool call's span. The runtime's
 * adapters stay free of OpenTelemetry; without a registered propagator nothing is added.
 *
 * Returns the uninstaller. Installing twice adds the headers once (the second install is a no-op).
 */
export function installOutboundTracePropagation(): () => void {
  // On globalThis: Next loads a module several times in one process, and each copy must not subscribe again.
  const state = globalThis as { [installedKey]?: () => void };
  const existing = state[installedKey];
  if (existing) return existing;
  const onHttp = (message: unknown) => {
    const { request } = message as { request: ClientRequest };
    if (request.headersSent) return;
    propagation.inject(context.active(), request, { set: (carrier, name, value) => carrier.setHeader(name, value) });
  };
  const onUndici = (message: unknown) => {
    const { request } = message as UndiciRequestCreated;
    propagation.inject(context.active(), request, { set: (carrier, name, value) => carrier.addHeader(name, value) });
  };
  subscribe('http.client.request.created', onHttp);
  subscribe('undici:request:create', onUndici);
  const uninstall = () => {
    unsubscribe('http.client.request.created', onHttp);
    unsubscribe('undici:request:create', onUndici);
    delete state[installedKey];
  };
  state[installedKey] = uninstall;
  return uninstall;
}

const installedKey = Symbol.for('agentloom.outbound-trace-propagation');
