import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP listener that records every TCP connection and request it gets. */
export interface ConnectionRecorder {
  port: number;
  /** TCP connections accepted (a refused request must leave this at 0). */
  connections: number;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 (and on ::1 when IPv6 loopback exists, same port) so that a request the
 * outbound policy failed to refuse would be seen here, whichever spelling of loopback it used.
 * Answers every request with `status` and a JSON body that names itself (`INTERNAL-ONLY-DATA`),
 * so tests can also prove the body never reaches a tenant.
 */
export async function startConnectionRecorder(status = 400): Promise<ConnectionRecorder> {
  const recorder = { port: 0, connections: 0, requests: [] as ConnectionRecorder['requests'] };
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    recorder.requests.push({ path: request.url ?? '', headers: request.headers });
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'INTERNAL-ONLY-DATA' } }));
  };
  const servers: Server[] = [createServer(handler)];
  const first = servers[0]!;
  first.on('connection', () => (recorder.connections += 1));
  await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
  recorder.port = (first.address() as AddressInfo).port;
  const second = createServer(handler);
  second.on('connection', () => (recorder.connections += 1));
  const listening = await new Promise<boolean>((resolve) => {
    second.once('error', () => resolve(false));
    second.listen(recorder.port, '::1', () => resolve(true));
  });
  if (listening) servers.push(second);
  return Object.assign(recorder, {
    close: async () => {
      await Promise.all(
        servers.map((server) => {
          server.closeAllConnections();
          return new Promise((resolve) => server.close(resolve));
        }),
      );
    },
  });
}
