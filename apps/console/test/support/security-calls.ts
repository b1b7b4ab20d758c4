import { fetchOnNewConnection } from './new-connection';

/** One answer of the console, whatever the transport: status, raw text and the error kind if any. */
export interface CallResult {
  status: number;
  text: string;
  /** `error.kind` (REST) or `error.data.kind` (tRPC), when the answer is an error. */
  kind: string | undefined;
  json: unknown;
  /** The `X-Request-Id` header (every API answer carries one, errors included). */
  requestId: string | null;
  headers: Headers;
}

const timeoutMs = 15_000;

/** A REST call with a bearer key (or none). Event streams are read for their first frames only. */
export async function restCall(
  baseUrl: string,
  apiKey: string | undefined,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<CallResult> {
  const response = await fetchOnNewConnection(`${baseUrl}${path}`, {
    method,
    headers: { ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return readResult(response, restKind);
}

/** Signs in like the console's sign-in form and returns the session cookie for tRPC calls. */
export async function sessionCookie(baseUrl: string, apiKey: string): Promise<string> {
  const response = await fetchOnNewConnection(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiKey }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`Sign-in failed with ${response.status}`);
  return cookie;
}

export type ProcedureType = 'query' | 'mutation' | 'subscription';

/**
 * A tRPC call as the console's client makes it (superjson envelope `{ json }`): queries and
 * subscriptions are GETs, mutations POSTs. A subscription is read until its first frame.
 */
export async function trpcCall(baseUrl: string, cookie: string | undefined, path: string, type: ProcedureType, input: unknown): Promise<CallResult> {
  return trpcRaw(baseUrl, cookie, path, type, input === undefined ? undefined : JSON.stringify({ json: input }));
}

/** The same with the serialized input given as is (the fuzz sends malformed ones). */
export async function trpcRaw(
  baseUrl: string,
  cookie: string | undefined,
  path: string,
  type: ProcedureType,
  serializedInput: string | undefined,
): Promise<CallResult> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const url = `${baseUrl}/api/trpc/${path}`;
  const response =
    type === 'mutation'
      ? await fetchOnNewConnection(url, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: serializedInput,
          signal: AbortSignal.timeout(timeoutMs),
        })
      : await fetchOnNewConnection(serializedInput === undefined ? url : `${url}?input=${encodeURIComponent(serializedInput)}`, {
          headers,
          signal: AbortSignal.timeout(timeoutMs),
        });
  return readResult(response, trpcKind);
}

function trpcKind(json: unknown): string | undefined {
  const first = Array.isArray(json) ? (json[0] as unknown) : json;
  const error = (first as { error?: { json?: { data?: { kind?: unknown } } } } | null)?.error;
  const kind = error?.json?.data?.kind;
  return typeof kind === 'string' ? kind : undefined;
}

/** Reads an answer of either transport (event streams: their first frames). */
export function readCallResult(response: Response, transport: 'rest' | 'trpc'): Promise<CallResult> {
  return readResult(response, transport === 'rest' ? restKind : trpcKind);
}

function restKind(json: unknown): unknown {
  return (json as { error?: { kind?: unknown } } | null)?.error?.kind;
}

async function readResult(response: Response, kindOf: (json: unknown) => unknown): Promise<CallResult> {
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) return readStreamStart(response);
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  const kind = kindOf(json);
  return {
    status: response.status,
    text,
    kind: typeof kind === 'string' ? kind : undefined,
    json,
    requestId: response.headers.get('x-request-id'),
    headers: response.headers,
  };
}

/**
 * The first frames of an event stream (up to 1.5 s), then the stream is dropped. A tRPC
 * subscription that fails answers 200 and sends its error as a `serialized-error` frame, whose
 * status and kind become the result's.
 */
async function readStreamStart(response: Response): Promise<CallResult> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 1_500;
  try {
    while (Date.now() < deadline && !/event: serialized-error[^\n]*\ndata: [^\n]*\n/.test(text)) {
      const next = await Promise.race([reader.read(), new Promise<undefined>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
      if (next === undefined || next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const errorFrame = /event: serialized-error[^\n]*\ndata: ([^\n]*)\n/.exec(text)?.[1];
  const requestId = response.headers.get('x-request-id');
  if (errorFrame === undefined) return { status: response.status, text, kind: undefined, json: undefined, requestId, headers: response.headers };
  const status = Number(/"httpStatus":(\d{3})/.exec(errorFrame)?.[1] ?? 500);
  return { status, text, kind: /"kind":"([^"]+)"/.exec(errorFrame)?.[1], json: undefined, requestId, headers: response.headers };
}
