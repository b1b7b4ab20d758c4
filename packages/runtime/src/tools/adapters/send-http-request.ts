import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ToolAdapterError } from './adapter-error';
import { CappedOutput } from './capped-output';

/**
 * This module's own agents, never Node's global ones (ADR 0012): a process started with
 * `NODE_USE_ENV_PROXY=1` and `HTTP_PROXY`/`HTTPS_PROXY` (Node 24) gives the global agents that proxy,
 * which then resolves the name itself, so the guarded `lookup` would never run and a name rebinding to
 * loopback would be fetched. Pooled like the global agents (keep-alive, LIFO, 5 s socket timeout); a
 * pooled socket keeps the address the lookup judged when it connected.
 */
const agentOptions = { keepAlive: true, scheduling: 'lifo', timeout: 5_000 } as const;
const httpAgent = new HttpAgent(agentOptions);
const httpsAgent = new HttpsAgent(agentOptions);

/** One HTTP exchange, without redirects: the caller decides whether to follow them. */
export interface HttpExchange {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  maxResponseBytes: number;
  /** Used for every DNS lookup of the connection: the SSRF guard at connect time. */
  lookup: LookupFunction;
  /** Aborts on run cancellation or on the overall timeout. */
  signal: AbortSignal;
}

/** What came back from one exchange; `body` is UTF-8 text, cut at the byte cap. */
export interface HttpReply {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: string;
  truncated: boolean;
}

/**
 * Sends one request with Node's http/https client (not `fetch`, so the guarded `lookup` applies
 * to the actual connection), on this module's agents (never an environment proxy). The body is read
 * up to the cap; the rest is discarded unread.
 */
export function sendHttpRequest(exchange: HttpExchange): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const secure = exchange.url.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    const request = send(
      exchange.url,
      {
        method: exchange.method,
        headers: exchange.headers,
        lookup: exchange.lookup,
        signal: exchange.signal,
        agent: secure ? httpsAgent : httpAgent,
      },
      (response) => {
        const body = new CappedOutput(exchange.maxResponseBytes);
        response.on('data', (chunk: Buffer) => {
          body.append(chunk);
          // Past the cap there is nothing left to keep: stop downloading instead of draining.
          if (body.truncated) response.destroy();
        });
        const finish = (): void =>
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: response.headers,
            // The download stopped at the cap, so the dropped size is unknown: say where it was cut.
            body: body.truncated
              ? `${body.keptText()}\n[response truncated after ${exchange.maxResponseBytes} bytes]`
              : body.keptText(),
            truncated: body.truncated,
          });
        response.on('end', finish);
        response.on('close', () => {
          if (body.truncated) finish();
          else if (!response.complete)
            reject(new ToolAdapterError('http-request', 'The connection closed before the response was complete'));
        });
        response.on('error', (error) => {
          if (!body.truncated) reject(error);
        });
      },
    );
    request.on('error', reject);
    request.end(exchange.body);
  });
}
