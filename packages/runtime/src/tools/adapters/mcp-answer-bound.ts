import type { GuardedFetch } from '../../outbound/guarded-fetch';
import { ToolAdapterError } from './adapter-error';

/**
 * The most bytes read of one MCP answer: a whole response body (JSON), or one event of an SSE
 * stream (the POST answer streamed, or the standalone GET stream). Four times the engine's default
 * tool-output cap (256 KiB), so a tool result the engine would keep whole is never cut here, and a
 * tools/list page of a few hundred tools fits.
 */
export const defaultMcpAnswerMaxBytes = 1024 * 1024;

const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const encoder = new TextEncoder();

/**
 * Counts the bytes of the SSE event being received, across chunks: an empty line ends an event
 * (LF, CR or CRLF line endings, as the SSE parser reads them).
 */
class EventSizer {
  private eventBytes = 0;
  private lineEmpty = true;
  private previousWasCarriageReturn = false;

  /** Reads a chunk; true once the current event has grown past `maxBytes`. */
  exceeds(chunk: Uint8Array, maxBytes: number): boolean {
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index];
      if (byte === lineFeed && this.previousWasCarriageReturn) {
        this.previousWasCarriageReturn = false;
        continue;
      }
      this.previousWasCarriageReturn = byte === carriageReturn;
      if (byte === lineFeed || byte === carriageReturn) {
        if (this.lineEmpty) this.eventBytes = 0;
        this.lineEmpty = true;
      } else {
        this.lineEmpty = false;
        this.eventBytes += 1;
        if (this.eventBytes > maxBytes) return true;
      }
    }
    return false;
  }
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The ids of the JSON-RPC requests in a POST body the SDK sent (one message or a batch). */
function requestIdsOf(body: RequestInit['body'] | undefined): unknown[] {
  if (typeof body !== 'string') return [];
  try {
    const parsed = JSON.parse(body) as unknown;
    const messages = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    return messages.flatMap((message) => {
      const request = message as { method?: unknown; id?: unknown } | null;
      return request !== null && typeof request.method === 'string' && request.id !== undefined ? [request.id] : [];
    });
  } catch {
    return [];
  }
}

/**
 * Caps what an MCP transport reads from a server (ADR 0033). Over HTTP, a response body past the
 * limit, or one SSE event past it, is cut off and its request aborted (cancelling the body closes
 * the connection), so a hostile or broken server cannot make a run buffer an endless answer. One
 * per connection: after a stream was cut, later standalone GET streams are declined here as a
 * server without one would (HTTP 405), so the SDK's reconnects cannot ask for the endless event
 * again. Over stdio, `BoundedStdioTransport` holds one line (one message) up to `maxBytes` and
 * reports a longer one through `recordOversize`.
 */
export class McpAnswerBound {
  private firstOversize: ToolAdapterError | undefined;

  constructor(
    private readonly serverName: string,
    /** Bytes of one answer (an HTTP body or SSE event, a stdio line) read at most. */
    readonly maxBytes: number = defaultMcpAnswerMaxBytes,
  ) {}

  /** The first answer cut at the limit on this connection, as the error to report; undefined while none was. */
  get oversize(): ToolAdapterError | undefined {
    return this.firstOversize;
  }

  /** `fetch` whose responses are read through the bound. */
  wrap(inner: GuardedFetch): GuardedFetch {
    return async (input, init) => {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (method === 'GET' && this.firstOversize) return new Response(null, { status: 405, statusText: 'Declined after an oversized answer' });
      const response = await inner(input, init);
      if (!response.body) return response;
      const body =
        mediaTypeOf(response.headers.get('content-type')) === 'text/event-stream'
          ? this.boundEvents(response.body, requestIdsOf(init?.body))
          : this.boundBody(response.body);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  /**
   * Records an answer cut at the limit (the first one becomes `oversize`) and returns the error
   * that reports it: `mcp-protocol`, naming the server and the limit.
   */
  recordOversize(): ToolAdapterError {
    const error = new ToolAdapterError('mcp-protocol', `MCP server ${this.serverName} sent an answer larger than ${this.maxBytes} bytes`);
    this.firstOversize ??= error;
    return error;
  }

  /** A whole body (JSON, or an error page) past the limit errors the stream: `json()` / `text()` reject with it. */
  private boundBody(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const reader = source.getReader();
    let bytes = 0;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        bytes += value.byteLength;
        if (bytes <= this.maxBytes) return controller.enqueue(value);
        // Stop downloading: the rest is never read, and the cancel closes the connection.
        void reader.cancel().catch(() => undefined);
        controller.error(this.recordOversize());
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }

  /**
   * An event past the limit ends the stream. The SDK does not fail a request whose streamed answer
   * broke off (it waits for its timeout), so each request of the POST is answered here with a
   * JSON-RPC error naming the limit; the blank line first ends the partial event, which the SDK
   * then drops as unparseable. A GET stream has no request: it is errored.
   */
  private boundEvents(source: ReadableStream<Uint8Array>, requestIds: unknown[]): ReadableStream<Uint8Array> {
    const reader = source.getReader();
    const sizer = new EventSizer();
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        if (!sizer.exceeds(value, this.maxBytes)) return controller.enqueue(value);
        void reader.cancel().catch(() => undefined);
        const error = this.recordOversize();
        if (requestIds.length === 0) return controller.error(error);
        const answers = requestIds.map((id) => `data: ${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: error.message } })}\n\n`);
        controller.enqueue(encoder.encode(`\n\n${answers.join('')}`));
        controller.close();
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }
}
