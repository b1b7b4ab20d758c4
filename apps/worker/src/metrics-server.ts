import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { metricsAccessForAuthorization, type Platform } from '@agentloom/platform';
import { closeNow } from './close-now';

/**
 * Serves this worker's Prometheus metrics on `GET /metrics`. Counters are kept per process as the
 * work happens (ADR 0046), so every worker must be scraped — the console's `/api/metrics` only
 * counts what the console's own executor did. Same access rules as the console's endpoint.
 */
export async function startMetricsServer(metrics: Platform['metrics'], port: number, token: string | undefined): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    const access = metricsAccessForAuthorization(request.headers.authorization, token);
    if (access === 'refused') {
      response.writeHead(401, { 'Content-Type': 'text/plain' }).end('Send the metrics token as "Authorization: Bearer <token>".');
      return;
    }
    metrics.render({ tenantLabels: access === 'full' }).then(
      (body) => response.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => response.writeHead(503, { 'Content-Type': 'text/plain' }).end('Metrics are unavailable (database unreachable)'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  return { port: (server.address() as AddressInfo).port, close: () => closeNow(server) };
}
