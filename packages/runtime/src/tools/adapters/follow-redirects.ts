import type { OutboundPolicy } from '../../outbound/outbound-policy';
import { describeUrlForMessage } from '../../outbound/url-for-message';
import { ToolAdapterError } from './adapter-error';
import { sendHttpRequest, type HttpReply } from './send-http-request';
import { assertAllowedByPolicy } from './ssrf-guard';

/** A request the tool was asked to make, before any redirect. */
export interface GuardedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The fences around a guarded request: address policy, redirect and size caps, cancellation. */
export interface GuardedRequestLimits {
  /** Checks every hop before connecting; its `lookup` checks again at connect time. */
  policy: OutboundPolicy;
  maxRedirects: number;
  maxResponseBytes: number;
  signal: AbortSignal;
}

/** The final reply and every URL visited on the way (the first one included). */
export interface GuardedReply extends HttpReply {
  urls: string[];
}

/** Credentials must not follow a redirect to another origin. */
const credentialHeaders = new Set(['authorization', 'cookie', 'proxy-authorization']);

function nextRequest(current: GuardedRequest, status: number, location: URL): GuardedRequest {
  // 303 always becomes GET; 301/302 after POST become GET too, as every browser does.
  const becomesGet = status === 303 || ((status === 301 || status === 302) && current.method === 'POST');
  const sameOrigin = new URL(current.url).origin === location.origin;
  const headers = Object.fromEntries(
    Object.entries(current.headers).filter(([name]) => {
      const lower = name.toLowerCase();
      if (!sameOrigin && credentialHeaders.has(lower)) return false;
      return !(becomesGet && (lower === 'content-type' || lower === 'content-length'));
    }),
  );
  return {
    url: location.href,
    method: becomesGet && current.method !== 'HEAD' ? 'GET' : current.method,
    headers,
    body: becomesGet ? undefined : current.body,
  };
}

/**
 * Sends the request and follows redirects by hand, checking every hop with the SSRF guard
 * (before connecting, and again in the connection's DNS lookup) and stopping after
 * `maxRedirects` hops.
 */
export async function sendGuardedRequest(initial: GuardedRequest, limits: GuardedRequestLimits): Promise<GuardedReply> {
  const urls: string[] = [];
  let current = initial;
  for (let hop = 0; ; hop += 1) {
    const { url } = await assertAllowedByPolicy(limits.policy, current.url);
    urls.push(url.href);
    const reply = await sendHttpRequest({
      ...current,
      url,
      maxResponseBytes: limits.maxResponseBytes,
      lookup: limits.policy.lookup,
      signal: limits.signal,
    });
    const location = reply.headers.location;
    if (reply.status < 300 || reply.status >= 400 || reply.status === 304 || location === undefined)
      return { ...reply, urls };
    const next = new URL(location, url);
    if (hop >= limits.maxRedirects) {
      // Named as scheme://host only, as every outbound refusal is (ADR 0012): the message is stored in
      // the run's events, where a token in a redirect's query would outlive the call.
      throw new ToolAdapterError(
        'http-request',
        `Stopped after ${limits.maxRedirects} redirects (last: ${describeUrlForMessage(url)} → ${describeUrlForMessage(next)})`,
      );
    }
    current = nextRequest(current, reply.status, next);
  }
}
