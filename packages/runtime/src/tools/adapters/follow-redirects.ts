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
  /**
   * Names of the headers the host configured (the tool's `fixedHeaders`): they are for the origin
   * the tool was set up for, so none of them follows a redirect to another origin, however harmless
   * its name looks.
   */
  hostHeaderNames: readonly string[];
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

/**
 * The only headers that follow a redirect to another origin: content negotiation, and the content
 * headers a 307/308 resends its body with. Every other header stays behind, because no list of
 * credential names is complete (`X-Api-Key`, `X-Auth-Token`, `PRIVATE-TOKEN`, a tenant id…) and an
 * open redirect on the intended API would otherwise hand them to any host it names.
 */
const crossOriginHeaders = new Set(['accept', 'accept-language', 'user-agent', 'content-type', 'content-length', 'content-encoding', 'content-language']);
/** Describe a body; a hop that becomes a GET has none. */
const bodyHeaders = new Set(['content-type', 'content-length', 'content-encoding', 'content-language']);

function nextRequest(current: GuardedRequest, status: number, location: URL): GuardedRequest {
  // 303 always becomes GET; 301/302 after POST become GET too, as every browser does.
  const becomesGet = status === 303 || ((status === 301 || status === 302) && current.method === 'POST');
  const sameOrigin = new URL(current.url).origin === location.origin;
  const hostHeaders = new Set(current.hostHeaderNames.map((name) => name.toLowerCase()));
  const headers = Object.fromEntries(
    Object.entries(current.headers).filter(([name]) => {
      const lower = name.toLowerCase();
      if (!sameOrigin && (hostHeaders.has(lower) || !crossOriginHeaders.has(lower))) return false;
      return !(becomesGet && bodyHeaders.has(lower));
    }),
  );
  return {
    url: location.href,
    method: becomesGet && current.method !== 'HEAD' ? 'GET' : current.method,
    headers,
    body: becomesGet ? undefined : current.body,
    hostHeaderNames: current.hostHeaderNames,
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
