/** A fetch that drops the first event stream after `cutAfterBytes`, mid-frame, as a flaky network would. */
export function interruptingFetch(cutAfterBytes: number) {
  const lastEventIds: (string | null)[] = [];
  const fetchWithDrop: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input instanceof Request ? input.url : input).includes('/events') || response.body === null) return response;
    lastEventIds.push(new Headers(init?.headers).get('last-event-id'));
    if (lastEventIds.length > 1) return response;
    const reader = response.body.getReader();
    let sent = 0;
    const truncated = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        if (sent + value.byteLength < cutAfterBytes) {
          sent += value.byteLength;
          return controller.enqueue(value);
        }
        controller.enqueue(value.slice(0, cutAfterBytes - sent));
        await reader.cancel();
        controller.error(new TypeError('terminated: connection reset'));
      },
      cancel: () => reader.cancel(),
    });
    return new Response(truncated, { status: response.status, headers: response.headers });
  };
  return { fetch: fetchWithDrop, lastEventIds };
}
