import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeNow } from './close-now';

/** The paths the worker's health server answers; the Helm chart's probes use these (its test checks). */
export const workerHealthPaths = { live: '/healthz', ready: '/readyz' } as const;

export interface WorkerHealthServer {
  /** The port it listens on (useful when started on port 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * A tiny HTTP server for orchestrator probes (AGENTLOOM_WORKER_HEALTH_PORT). `/healthz` answers 200
 * while the process serves requests (liveness: independent of the database, so an outage restarts
 * nothing); `/readyz` runs `check` — the platform's health report — and answers 503 when the
 * database cannot be reached. Only the status is shown: probes carry no credentials.
 */
export async function startWorkerHealthServer(port: number, check: () => Promise<{ status: string }>, host = '0.0.0.0'): Promise<WorkerHealthServer> {
  const server = createServer((request, response) => {
    const answer = (status: number, body: { status: string }) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://worker').pathname;
    if (path !== workerHealthPaths.live && path !== workerHealthPaths.ready) return answer(404, { status: 'not-found' });
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, { status: 'method-not-allowed' });
    if (path === workerHealthPaths.live) return answer(200, { status: 'alive' });
    check().then(
      (report) => answer(200, { status: report.status }),
      () => answer(503, { status: 'unavailable' }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => closeNow(server),
  };
}
