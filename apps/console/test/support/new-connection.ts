/**
 * `fetch` on a connection of its own (`Connection: close`). A reused keep-alive connection can be
 * closed by the server's idle timer just as a request goes out on it (`EPIPE`, `ECONNRESET`,
 * "other side closed"); how likely that is depends on timing, and on a loaded machine it happened.
 * Without reuse there is no such race: any connection failure is the console's own.
 */
export function fetchOnNewConnection(url: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Connection', 'close');
  return fetch(url, { ...init, headers });
}
