import type { EventStreamSource } from '~/server/http/event-stream-source';

/**
 * The body of an SSE response. Read like any stream (a reader pulls one chunk at a time), and in
 * addition piped directly when Next.js sends it: Next.js sends a route handler's body with
 * `body.pipeTo(writer)` (`pipeToNodeResponse`), and the generic `pipeTo` of Node's web streams costs
 * a read request, a pull, and several promises per chunk on top of the write. With 500 subscribers
 * every commit is 500 chunks; web streams were 17 % of the console's CPU over the fan-out (8 % with
 * this pipe, ADR 0089). The direct pipe hands each chunk from the source to the writer: one `write`
 * per chunk. Whichever way it is read, the chunks are the same ones, from one `EventStreamSource`.
 */
export class EventStreamBody extends ReadableStream<Uint8Array> {
  readonly #source: EventStreamSource;

  constructor(source: EventStreamSource) {
    super(
      {
        start: (controller) => source.dropsConnectionWith((error) => controller.error(error)),
        pull: async (controller) => {
          try {
            const chunk = await source.next();
            if (chunk === null) controller.close();
            else controller.enqueue(chunk);
          } catch (error) {
            controller.error(error);
          }
        },
        cancel: () => source.cancel(),
      },
      // Nothing is read ahead: a chunk is made when a reader asks for one, so a body that is piped
      // directly never has a pull running beside the pipe.
      { highWaterMark: 0 },
    );
    this.#source = source;
  }

  override pipeTo(destination: WritableStream<Uint8Array>, options: StreamPipeOptions = {}): Promise<void> {
    // The direct pipe implements the default options only; anything else takes the generic path.
    if (this.locked || destination.locked || options.preventClose || options.preventAbort || options.preventCancel) return super.pipeTo(destination, options);
    // Locked for as long as the pipe runs, as `pipeTo` does: nothing else reads the source meanwhile.
    this.getReader();
    return pipeEventStream(this.#source, destination.getWriter(), options.signal);
  }
}

/**
 * Writes the source's chunks to `writer` until the source ends, then closes it. Keeps the generic
 * pipe's contract: it waits while the writer is full (a client that stops reading stops the pipe
 * taking chunks, and the platform's bounded buffer then overflows and drops the connection), an
 * aborted `signal` aborts the writer, cancels the source and rejects with the signal's reason, and
 * a failing writer cancels the source.
 */
async function pipeEventStream(source: EventStreamSource, writer: WritableStreamDefaultWriter<Uint8Array>, signal: AbortSignal | undefined): Promise<void> {
  source.dropsConnectionWith((error) => abortWriter(writer, error));
  const onAbort = () => {
    abortWriter(writer, signal!.reason);
    void source.cancel();
  };
  // A signal that is already aborted never fires: the check after the first chunk (the opening
  // comment, which needs no platform read) ends the pipe before anything is written.
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      // Rejects once the writer errored (the response failed or was aborted). Only while it is full:
      // awaiting a ready writer would cost every chunk a microtask turn for nothing.
      if ((writer.desiredSize ?? 0) <= 0) await writer.ready;
      const chunk = await source.next();
      if (signal?.aborted) throw signal.reason;
      if (chunk === null) break;
      // Not awaited: a write failure errors the writer, and the next `ready` rejects with it.
      writer.write(chunk).catch(ignoreRejection);
    }
    await writer.close();
  } catch (error) {
    abortWriter(writer, error);
    await source.cancel();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

function abortWriter(writer: WritableStreamDefaultWriter<Uint8Array>, reason: unknown): void {
  writer.abort(reason).catch(ignoreRejection);
}

function ignoreRejection(): void {}
