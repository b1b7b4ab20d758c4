import type { EdgeCase } from './edge-fuzz-types';
import { fetchOnNewConnection } from './new-connection';
import { readCallResult, type CallResult } from './security-calls';

/** Tenant A's admin as REST sees it (a key) and as tRPC sees it (the console's session cookie). */
export interface AdminCredentials {
  key: string;
  cookie: string;
  /** The instance operator's key, for the tenants API's cases. */
  operatorKey: string;
}

const timeoutMs = 60_000;

/** Sends one edge case as it is (no client-side encoding or repair) and reads the answer. */
export async function sendEdgeCase(baseUrl: string, edgeCase: EdgeCase, admin: AdminCredentials): Promise<CallResult> {
  const headers: Record<string, string> = { ...edgeCase.headers };
  if (edgeCase.caller === 'admin' && edgeCase.transport === 'rest') headers.Authorization = `Bearer ${admin.key}`;
  if (edgeCase.caller === 'admin' && edgeCase.transport === 'trpc') headers.Cookie = admin.cookie;
  if (edgeCase.caller === 'operator') headers.Authorization = `Bearer ${admin.operatorKey}`;
  const response = await fetchOnNewConnection(`${baseUrl}${edgeCase.target}`, {
    method: edgeCase.method,
    headers,
    ...bodyOf(edgeCase),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  return readCallResult(response, edgeCase.transport === 'trpc' ? 'trpc' : 'rest');
}

function bodyOf(edgeCase: EdgeCase): Pick<RequestInit, 'body'> & { duplex?: 'half' } {
  const { body } = edgeCase;
  if (body === undefined || typeof body === 'string') return body === undefined ? {} : { body };
  // A JSON string far over the limit, sent with its length or streamed in 1 MiB chunks without one.
  const chunk = 'x'.repeat(1024 * 1024);
  const chunks = Math.ceil(body.hugeBytes / chunk.length);
  if (!body.streamed) return { body: `{"json":{"input":"${chunk.repeat(chunks)}"}}` };
  let sent = 0;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(encoder.encode('{"json":{"input":"'));
      if (sent === chunks) {
        controller.enqueue(encoder.encode('"}}'));
        return controller.close();
      }
      sent += 1;
      controller.enqueue(encoder.encode(chunk));
    },
  });
  return { body: stream, duplex: 'half' };
}

interface ErrorFields {
  kind: unknown;
  message: unknown;
  field: unknown;
}

/** The error an answer carries, read from the transport's documented shape, or undefined. */
function errorFields(edgeCase: EdgeCase, result: CallResult): ErrorFields | undefined {
  if (edgeCase.transport !== 'trpc') return (result.json as { error?: ErrorFields } | undefined)?.error;
  // A failed subscription answers with a frame the reader already took the kind from.
  if (result.json === undefined) return result.kind === undefined ? undefined : { kind: result.kind, message: 'frame', field: undefined };
  const first: unknown = Array.isArray(result.json) ? (result.json as unknown[])[0] : result.json;
  const error = (first as { error?: { json?: { message?: unknown; data?: { kind?: unknown; field?: unknown } } } } | undefined)?.error?.json;
  return error === undefined ? undefined : { kind: error.data?.kind, message: error.message, field: error.data?.field };
}

/** Why an answer breaks its case's expectation (or the error contract), or undefined when it keeps it. */
export function edgeViolation(edgeCase: EdgeCase, result: CallResult): string | undefined {
  const { expect } = edgeCase;
  if (result.status >= 500) return `status ${result.status}`;
  if (expect.status !== 'below-500' && result.status !== expect.status) return `status ${result.status}, expected ${expect.status}`;
  if (result.status < 400) return undefined;
  // Pages may answer a refused session with a redirect or an HTML page; errors from the edge are JSON.
  if (edgeCase.transport === 'page' && expect.status === 'below-500') return undefined;
  const error = errorFields(edgeCase, result);
  if (typeof error?.kind !== 'string' || typeof error.message !== 'string') return 'error without the documented JSON shape';
  if (!result.requestId) return 'error without X-Request-Id';
  if (expect.kind !== undefined && error.kind !== expect.kind) return `kind ${error.kind}, expected ${expect.kind}`;
  if (expect.field !== undefined && error.field !== expect.field) return `field ${JSON.stringify(error.field)}, expected ${JSON.stringify(expect.field)}`;
  if (expect.allow !== undefined && result.headers.get('allow') !== expect.allow) return `Allow ${result.headers.get('allow')}, expected ${expect.allow}`;
  return undefined;
}

/** A case as one line, for failure reports (long values cut). */
export function describeEdgeCase(edgeCase: EdgeCase): string {
  const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…(${text.length} chars)` : text);
  const body =
    edgeCase.body === undefined ? '' : typeof edgeCase.body === 'string' ? ` ${cut(JSON.stringify(edgeCase.body))}` : ` <${edgeCase.body.hugeBytes} bytes>`;
  return `${edgeCase.fuzzClass} ${edgeCase.transport} ${edgeCase.caller} ${edgeCase.method} ${cut(edgeCase.target)} ${JSON.stringify(edgeCase.headers)}${body}`;
}
