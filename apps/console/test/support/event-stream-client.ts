/** One Server-Sent Events frame as a client sees it. */
export interface EventFrame {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

export interface EventStreamConnection {
  status: number;
  response: Response;
  /** Frames in arrival order; comments (heartbeats) are counted, not yielded. */
  frames: AsyncGenerator<EventFrame>;
  comments(): string[];
  /** Drops the connection, as a browser tab closing would. */
  close(): void;
}

/**
 * A minimal SSE reader over fetch (EventSource cannot send `Authorization`). Parses `id:`,
 * `event:` and `data:` lines per the WHATWG rules this API uses (single-line data).
 */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamConnection> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const comments: string[] = [];
  async function* frames(): AsyncGenerator<EventFrame> {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
          const frame = parseBlock(block, comments);
          if (frame) yield frame;
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    } finally {
      reader.releaseLock();
    }
  }
  return { status: response.status, response, frames: frames(), comments: () => comments, close: () => abort.abort() };
}

function parseBlock(block: string, comments: string[]): EventFrame | undefined {
  const frame: EventFrame = { id: undefined, event: undefined, data: '' };
  let hasField = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    const separator = line.indexOf(':');
    const field = separator === -1 ? line : line.slice(0, separator);
    const value = separator === -1 ? '' : line.slice(separator + 1).replace(/^ /, '');
    if (field === 'id') frame.id = value;
    else if (field === 'event') frame.event = value;
    else if (field === 'data') frame.data = frame.data === '' ? value : `${frame.data}\n${value}`;
    else continue;
    hasField = true;
  }
  return hasField ? frame : undefined;
}
