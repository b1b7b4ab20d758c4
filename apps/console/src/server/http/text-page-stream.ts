const encoder = new TextEncoder();

/**
 * A response body read from `pages` one page per pull: the next page is read only when the client has
 * taken the last one, and a client that goes away cancels the stream, which ends the generator (and
 * its database reads). `ReadableStream.from` does the same but is missing from the DOM typings the
 * console compiles against.
 */
export function textPageStream(pages: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pages.next();
      if (next.done === true) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
