import { Agent, fetch as undiciFetch } from 'undici';

import type { OutboundPolicy } from './outbound-policy';
import { findOutboundRefusal, OutboundRefusedError } from './outbound-refused-error';
import { describeUrlForMessage } from './url-for-message';

/** The `fetch` signature the AI SDK providers and the MCP SDK accept. */
export type GuardedFetch = typeof globalThis.fetch;

function urlOf(input: Parameters<GuardedFetch>[0]): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * A `fetch` for the AI SDK providers (models, embedders) and the MCP HTTP transport that only
 * reaches what the policy allows. Before each request the URL is checked (scheme, names, address
 * literals, which a socket never looks up); each new connection resolves the name through the
 * policy's `lookup`, so the socket connects to exactly the addresses that were checked. Redirects
 * are not followed: a 3xx ends the call with a refusal, so a public endpoint cannot bounce the
 * request (and its `Authorization` header) to an internal one.
 */
export function createGuardedFetch(policy: OutboundPolicy): GuardedFetch {
  const dispatcher = new Agent({ connect: { lookup: policy.lookup } });
  return async (input: Parameters<GuardedFetch>[0], init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    policy.checkUrl(url);
    const request =
      typeof input === 'string' || input instanceof URL
        ? init
        : { method: input.method, headers: input.headers, body: input.body, duplex: 'half', signal: input.signal, ...init };
    let response: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      response = await undiciFetch(url, { ...(request as Parameters<typeof undiciFetch>[1]), dispatcher, redirect: 'manual' });
    } catch (error) {
      // A refusal at connect time arrives wrapped in `TypeError: fetch failed`: surface it as itself.
      throw findOutboundRefusal(error) ?? error;
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.headers.has('location'))) {
      await response.body?.cancel().catch(() => undefined);
      // Scheme, host and port only: the path or query of an MCP server's URL may be its credential.
      throw new OutboundRefusedError(
        `Refused to follow a redirect from ${describeUrlForMessage(url)} (HTTP ${response.status}): outbound calls do not follow redirects`,
      );
    }
    // undici's Response is what the global one is built on, but the DOM lib's type (seen by apps that
    // load it) differs in iterator details; the runtime's own lib sees them as one type.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    return response as unknown as Response;
  };
}
