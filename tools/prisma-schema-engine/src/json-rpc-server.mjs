import { createInterface } from 'node:readline';

import { methodNotFound, toRpcError } from './rpc-errors.mjs';

/**
 * JSON-RPC 2.0 over stdio, one JSON message per line, in both directions: the CLI sends requests
 * and we answer; we may also send the CLI requests (`print`) and await its answers.
 *
 * Requests are handled one at a time because the WASM engine's methods take `&mut self` and fail
 * on re-entrant calls; the CLI never has more than one in flight anyway.
 */
export function serveJsonRpc({ createMethods, onInputClosed }) {
  const pendingOutgoing = new Map();
  let nextOutgoingId = 0;
  let queue = Promise.resolve();

  const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

  const requestClient = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextOutgoingId++;
      pendingOutgoing.set(id, { resolve, reject });
      send({ jsonrpc: '2.0', method, params, id });
    });

  const methods = createMethods(requestClient);

  let inFlightId;
  const handleRequest = async ({ id, method, params }) => {
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!handler) return send({ jsonrpc: '2.0', error: methodNotFound(method), id });
    inFlightId = id;
    try {
      const result = await handler(params);
      send({ jsonrpc: '2.0', result: result ?? null, id });
    } catch (error) {
      send({ jsonrpc: '2.0', error: toRpcError(error), id });
    } finally {
      inFlightId = undefined;
    }
  };

  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    const message = JSON.parse(line);
    if (message.method === undefined) {
      // A response to one of our own requests; it must not wait behind the request that sent it.
      const pending = pendingOutgoing.get(message.id);
      pendingOutgoing.delete(message.id);
      if (message.error) pending?.reject(new Error(message.error.message));
      else pending?.resolve(message.result);
      return;
    }
    queue = queue.then(() => handleRequest(message));
  });
  lines.on('close', () => {
    queue = queue.then(onInputClosed);
  });

  return {
    /**
     * Answers the request being handled with `error`. wasm-bindgen throws some errors (e.g. params
     * that do not deserialize) from inside a callback, where no promise can catch them.
     */
    failInFlightRequest(error) {
      if (inFlightId === undefined) return false;
      send({ jsonrpc: '2.0', error: toRpcError(error), id: inFlightId });
      inFlightId = undefined;
      return true;
    },
  };
}
