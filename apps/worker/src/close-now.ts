import type { Server } from 'node:http';

/**
 * Stops listening and ends every connection, a request in progress included. `server.close()` alone
 * waits for open connections, so one half-sent request held a stopping worker until Node's headers
 * timeout (a minute or more): probes and scrapes are retried by their callers, a drain is not.
 */
export function closeNow(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
