import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

import { expect, it } from 'vitest';

import { closeNow } from './close-now';

/**
 * A stopping worker closes its probe and metrics servers: a client whose request is half sent must not
 * hold the close (plain `server.close()` waited for it until Node's headers timeout, a minute or more).
 */
it('closes while a request is still arriving, ending its connection', async () => {
  const server = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // The server ends the connection under it: a reset is what this client is expected to see.
  socket.on('error', () => undefined);
  socket.write('GET /metrics HTTP/1.1\r\nHost: worker\r\n');
  // The server has the connection once it reports it: wait for that state, not for time.
  await expect.poll(() => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)))).toBe(1);

  await closeNow(server);

  await socketClosed;
  expect(server.listening).toBe(false);
});
