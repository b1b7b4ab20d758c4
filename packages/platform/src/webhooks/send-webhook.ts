import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

import { signatureHeaderName, signWebhookBody } from './webhook-signature';
import type { WebhookTargetGuard } from './webhook-target-guard';
import type { ClaimedDelivery, DeliveryOutcome } from './webhook-delivery-claims';

/** Response bodies are read (so the connection completes) but not kept beyond this. */
const maximumResponseBytes = 64 * 1024;

/**
 * Deliveries' own agents, never Node's global ones (ADR 0012): with `NODE_USE_ENV_PROXY=1` and
 * `HTTP_PROXY`/`HTTPS_PROXY` (Node 24) the global agents send through that proxy, which resolves the
 * receiver's name itself, so the guard's `lookup` would never run and a name rebinding to loopback
 * would be posted to. Pooled like the global agents (keep-alive, LIFO, 5 s socket timeout).
 */
const agentOptions = { keepAlive: true, scheduling: 'lifo', timeout: 5_000 } as const;
const httpAgent = new HttpAgent(agentOptions);
const httpsAgent = new HttpsAgent(agentOptions);

/**
 * Sends one attempt: the SSRF guard first (resolving the name; an address literal never reaches
 * the connection's lookup), then a POST with Node's http client whose DNS lookup is guarded too (on
 * agents of its own: never through an environment proxy).
 * Redirects are not followed: a 3xx is a failed attempt. Never throws; failures become outcomes.
 * The guard's resolution counts against `timeoutMs` too: a resolver that never answers would hold
 * a dispatcher slot. `stillHeld` is asked just before the request goes out: the payload was read at
 * claim time, and an erase of its run may have deleted the delivery since.
 */
export async function sendWebhook(
  delivery: ClaimedDelivery,
  guard: WebhookTargetGuard,
  timeoutMs: number,
  stillHeld: () => Promise<boolean> = () => Promise.resolve(true),
): Promise<DeliveryOutcome> {
  let url: URL;
  try {
    url = await withinTime(guard.assertAllowed(delivery.url), timeoutMs, `Resolving the receiver's address took longer than ${timeoutMs} ms`);
    if (!(await stillHeld())) return { succeeded: false, statusCode: null, error: 'Not sent: the delivery was deleted (its run erased) or its lease lost' };
  } catch (error) {
    return { succeeded: false, statusCode: null, error: messageOf(error) };
  }
  const body = JSON.stringify(delivery.payload);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'AgentLoom-Webhooks/1',
    [signatureHeaderName]: signWebhookBody(delivery.secret, body, Math.floor(Date.now() / 1000)),
    'AgentLoom-Event': delivery.eventType,
    'AgentLoom-Delivery': delivery.id,
    'AgentLoom-Attempt': String(delivery.attempt),
  };
  try {
    const statusCode = await post(url, headers, body, guard, timeoutMs);
    const succeeded = statusCode >= 200 && statusCode < 300;
    return { succeeded, statusCode, error: succeeded ? null : `The receiver answered HTTP ${statusCode}` };
  } catch (error) {
    return { succeeded: false, statusCode: null, error: messageOf(error) };
  }
}

function post(url: URL, headers: Record<string, string>, body: string, guard: WebhookTargetGuard, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: guard.lookup,
        signal: AbortSignal.timeout(timeoutMs),
        agent: secure ? httpsAgent : httpAgent,
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > maximumResponseBytes) response.destroy();
        });
        response.on('close', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function withinTime<T>(work: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), timeoutMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}
