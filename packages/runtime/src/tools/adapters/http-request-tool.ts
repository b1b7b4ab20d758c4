import type { BasicToolContext, Tool, ToolResult, ToolSideEffects } from '../../contracts/tool';
import { ToolAdapterError, toolAbortedError } from './adapter-error';
import { sendGuardedRequest, type GuardedReply } from './follow-redirects';
import type { OutboundPolicy } from '../../outbound/outbound-policy';
import { policyFor, type ResolveAll } from './ssrf-guard';

/** An HTTP client tool for the model, fenced by the SSRF guard. */
export interface HttpRequestToolConfig {
  /** Default `http.request`. */
  name?: string;
  description?: string;
  /** Default `http-request/v1`. */
  implementationId?: string;
  /** The deployment's outbound policy; when absent, one is built from `allow` and `resolve`. */
  policy?: OutboundPolicy;
  /** Hostnames, addresses or CIDRs exempt from the private-network block (ignored with `policy`). */
  allow?: readonly string[];
  /** Methods the model may use; default GET, HEAD, POST, PUT, PATCH, DELETE. */
  methods?: readonly string[];
  /**
   * Sent with every request; the model's headers cannot override them. A redirect to another origin
   * drops them all (and every model header but a few content-negotiation and body ones), so a
   * credential here is never handed on by a redirect.
   */
  fixedHeaders?: Record<string, string>;
  /**
   * The origins (`https://api.example.com`, `http://host:8080`) the fixed headers are for; required with
   * `fixedHeaders`. A request to any other origin goes without them: the model picks the URL, and a
   * prompt-injected model would otherwise hand the credential to a host it names.
   */
  fixedHeadersOrigins?: readonly string[];
  /** Overall time for all hops, default 30 s. */
  timeoutMs?: number;
  /** Response body cap, default 256 KiB. */
  maxResponseBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Default `none` when only GET/HEAD/OPTIONS are allowed, else `unsafe`. */
  sideEffects?: ToolSideEffects;
  /** DNS resolution override (tests, custom resolvers); the guard applies to its answers. */
  resolve?: ResolveAll;
}

interface HttpRequestArguments {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The model's headers, minus any the host controls (compared case-insensitively, since Node would
 * otherwise send both spellings), then the fixed headers and the idempotency key.
 */
function mergeHeaders(
  fromModel: Record<string, string> | undefined,
  configured: Record<string, string> | undefined,
  idempotencyKey: string,
  /** The configured headers when the request goes to one of their origins, else undefined: none sent. */
  sent: Record<string, string> | undefined,
): Record<string, string> {
  // The model may not set a configured header's name even where the value is not sent.
  const reserved = new Set(['host', 'idempotency-key', ...Object.keys(configured ?? {}).map((name) => name.toLowerCase())]);
  const allowed = Object.entries(fromModel ?? {}).filter(([name]) => !reserved.has(name.toLowerCase()));
  return { ...Object.fromEntries(allowed), ...sent, 'Idempotency-Key': idempotencyKey };
}

/** The origins the fixed headers may go to, checked at definition: fixed headers without them are a configuration error. */
function fixedHeaderOrigins(config: HttpRequestToolConfig): Set<string> {
  const hasFixed = Object.keys(config.fixedHeaders ?? {}).length > 0;
  if (hasFixed && (config.fixedHeadersOrigins ?? []).length === 0) {
    throw new TypeError('defineHttpRequestTool: fixedHeaders need fixedHeadersOrigins, the origins they may be sent to');
  }
  return new Set((config.fixedHeadersOrigins ?? []).map(checkedOrigin));
}

/** `scheme://host[:port]` with nothing after it but an optional `/`, as `URL` serializes origins. */
function checkedOrigin(origin: string): string {
  const parsed = URL.canParse(origin) ? new URL(origin) : undefined;
  const bare = parsed !== undefined && parsed.pathname === '/' && parsed.search === '' && parsed.hash === '' && parsed.username === '' && parsed.password === '';
  if (!bare || originOf(origin) === '') throw new TypeError(`defineHttpRequestTool: fixedHeadersOrigins: "${origin}" is not an http(s) origin (scheme://host[:port])`);
  return parsed.origin;
}

/** The URL's origin as `URL` serializes it (lower-case host, default port left out), or '' when it is no http(s) URL. */
function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : '';
  } catch {
    return '';
  }
}

function inputSchema(methods: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'Absolute http(s) URL' },
      method: { type: 'string', enum: [...methods], default: 'GET' },
      headers: { type: 'object', additionalProperties: { type: 'string' } },
      body: { type: 'string', description: 'Request body, sent as is' },
    },
    required: ['url'],
    additionalProperties: false,
  };
}

function describeReply(reply: GuardedReply): ToolResult {
  const { ['set-cookie']: _cookies, ...headers } = reply.headers;
  const summary = {
    status: reply.status,
    statusText: reply.statusText,
    url: reply.urls.at(-1),
    ...(reply.urls.length > 1 ? { redirects: reply.urls.slice(1) } : {}),
    headers,
    body: reply.body,
    ...(reply.truncated ? { truncated: true } : {}),
  };
  return { content: JSON.stringify(summary), data: summary, isError: reply.status >= 400 };
}

/**
 * Builds the HTTP request tool. Requests to loopback, private, link-local and metadata addresses
 * are refused (unless allowlisted), on every redirect hop; a hop to another origin carries no fixed
 * header and only a few safe ones of the model's; the call's idempotency key is sent as
 * `Idempotency-Key` (to the first origin). Refusals and transport failures come back as error results the model reads.
 */
export function defineHttpRequestTool(config: HttpRequestToolConfig = {}): Tool<HttpRequestArguments> {
  const methods = (config.methods ?? ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']).map((method) =>
    method.toUpperCase(),
  );
  const policy = config.policy ?? policyFor({ allow: config.allow, resolve: config.resolve });
  const fixedHeadersFor = fixedHeaderOrigins(config);
  return {
    name: config.name ?? 'http.request',
    description: config.description ?? 'Sends an HTTP request to a public URL and returns status, headers and body.',
    implementationId: config.implementationId ?? 'http-request/v1',
    inputSchema: inputSchema(methods),
    sideEffects: config.sideEffects ?? (methods.every((method) => readOnlyMethods.has(method)) ? 'none' : 'unsafe'),
    async execute(args: HttpRequestArguments, context: BasicToolContext): Promise<ToolResult> {
      const method = (args.method ?? 'GET').toUpperCase();
      if (!methods.includes(method)) return { content: `Method ${method} is not allowed`, isError: true };
      const timeoutMs = config.timeoutMs ?? 30_000;
      const signal = AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]);
      const fixed = fixedHeadersFor.has(originOf(args.url)) ? config.fixedHeaders : undefined;
      try {
        const reply = await sendGuardedRequest(
          {
            url: args.url,
            method,
            headers: mergeHeaders(args.headers, config.fixedHeaders, context.idempotencyKey, fixed),
            body: args.body,
            hostHeaderNames: Object.keys(config.fixedHeaders ?? {}),
          },
          {
            policy,
            maxRedirects: config.maxRedirects ?? 5,
            maxResponseBytes: config.maxResponseBytes ?? 256 * 1024,
            signal,
          },
        );
        return describeReply(reply);
      } catch (error) {
        if (context.signal.aborted) throw toolAbortedError(context.signal, 'HTTP request');
        if (signal.aborted) return { content: `HTTP request timed out after ${timeoutMs} ms`, isError: true };
        const message =
          error instanceof ToolAdapterError
            ? error.message
            : `HTTP request failed: ${error instanceof Error ? error.message : String(error)}`;
        return { content: message, isError: true };
      }
    },
  };
}
