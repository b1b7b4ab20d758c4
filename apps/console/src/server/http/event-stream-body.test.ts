import { getEventListeners } from 'node:events';

import { consoleLogger, RunEventStreamOverflowError, type RunEventStreamItem, type StoredRunEvent } from '@agentloom/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { eventStreamResponse } from './event-stream';

const event = (seq: number, type = 'step-finished'): StoredRunEvent => ({ runId: 'run', seq, type, payload: { seq }, createdAt: new Date(Date.UTC(2026, 11, 3)) });
const decoder = new TextDecoder();
const nextIoTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Items handed out on demand, as the platform's stream does; ends when finished or when `signal` aborts. */
function scriptedItems(signal: AbortSignal) {
  const queue: RunEventStreamItem[] = [];
  const state = { taken: 0, returned: false, finished: false, failure: undefined as Error | undefined };
  let wake = () => {};
  async function* items(): AsyncGenerator<RunEventStreamItem> {
    try {
      for (;;) {
        // A failure is thrown even once stopped: a read the stop interrupted fails, too.
        if (state.failure) throw state.failure;
        if (signal.aborted) return;
        const item = queue.shift();
        if (item) {
          state.taken++;
          yield item;
        } else if (state.finished) return;
        else await new Promise<void>((resolve) => ((wake = resolve), signal.addEventListener('abort', () => resolve(), { once: true })));
      }
    } finally {
      state.returned = true;
    }
  }
  return {
    items: items(),
    state,
    push: (...added: RunEventStreamItem[]) => (queue.push(...added), wake()),
    finish: () => ((state.finished = true), wake()),
    fail: (error: Error) => ((state.failure = error), wake()),
  };
}

/** Where the body is piped: what Next.js hands it is a WritableStream over the Node response. */
function destination(behaviour: { stallWrites?: boolean; failWritesAfter?: number } = {}) {
  const chunks: Uint8Array[] = [];
  const state = { closed: false, abortedWith: undefined as unknown };
  let drain = () => {};
  const stream = new WritableStream<Uint8Array>({
    write(chunk) {
      if (behaviour.failWritesAfter !== undefined && chunks.length >= behaviour.failWritesAfter) throw new Error('the socket is gone');
      chunks.push(chunk);
      // As Next.js's writer does while the socket is full: the write settles on 'drain' or 'close'.
      if (behaviour.stallWrites) return new Promise<void>((resolve) => (drain = resolve));
    },
    close: () => void (state.closed = true),
    abort: (reason) => void (state.abortedWith = reason),
  });
  return { stream, state, drain: () => drain(), text: () => chunks.map((chunk) => decoder.decode(chunk)).join('') };
}

function openStream() {
  const abort = new AbortController();
  const overflow = new AbortController();
  const script = scriptedItems(abort.signal);
  const slot = { released: false, release: () => void (slot.released = true) };
  const body = eventStreamResponse(script.items, abort, 'test', { overflow: overflow.signal, slot }).body!;
  return { abort, overflow, script, slot, body };
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value);
  return text;
}

describe('the event stream body', () => {
  it('sends the same bytes piped as read, and closes the destination after run-finished', async () => {
    const script = (stream: ReturnType<typeof openStream>) => {
      stream.script.push({ kind: 'events', events: [event(1), event(2)] }, { kind: 'heartbeat' }, { kind: 'events', events: [event(3, 'run-finished')] });
      stream.script.finish();
    };
    const read = openStream();
    script(read);
    const readText = await readAll(read.body);

    const piped = openStream();
    script(piped);
    const target = destination();
    await piped.body.pipeTo(target.stream);

    expect(target.text()).toBe(readText);
    expect(readText).toMatch(/^retry: 3000\n: connected\n\nretry: 3000\nid: 1\ndata: .*\n\nretry: 3000\nid: 2\n.*: heartbeat\n\n.*id: 3\ndata: .*"type":"run-finished"/s);
    expect(target.state).toEqual({ closed: true, abortedWith: undefined });
    expect([read.slot.released, piped.slot.released]).toEqual([true, true]);
    expect(piped.body.locked).toBe(true);
  });

  it('stops taking items while the destination is full, so a client that stops reading holds nothing but the platform’s bounded buffer', async () => {
    const stream = openStream();
    for (let seq = 1; seq <= 50; seq++) stream.script.push({ kind: 'events', events: [event(seq)] });
    const target = destination({ stallWrites: true });
    void stream.body.pipeTo(target.stream).catch(() => {});
    for (let turn = 0; turn < 20; turn++) await nextIoTurn();
    // The opening comment is being written and never completes, and a chunk in flight counts
    // against the destination's queue (high-water mark 1): nothing is taken until it drains.
    expect(target.text()).toBe('retry: 3000\n: connected\n\n');
    expect(stream.script.state.taken).toBe(0);
    target.drain();
    for (let turn = 0; turn < 20; turn++) await nextIoTurn();
    expect(stream.script.state.taken).toBe(1);
    stream.abort.abort();
    target.drain();
  });

  it('drops the connection when the platform buffer overflowed: the destination is aborted, the slot released, the items ended', async () => {
    const stream = openStream();
    const target = destination({ stallWrites: true });
    const piped = stream.body.pipeTo(target.stream);
    await nextIoTurn();
    stream.overflow.abort();
    // A write in flight finishes before the writer aborts (WHATWG streams): Next.js's settles when
    // the socket drains or closes.
    target.drain();
    await expect(piped).rejects.toThrow(/fell behind/);
    expect(String(target.state.abortedWith)).toMatch(/the client fell behind; closed so it resumes with Last-Event-ID/);
    expect(stream.slot.released).toBe(true);
    expect(stream.abort.signal.aborted).toBe(true);
    expect((await stream.script.items.next()).done).toBe(true);
  });

  it('stops the platform stream when the client goes away, and rejects with the signal’s reason as pipeTo does', async () => {
    const stream = openStream();
    const target = destination();
    const clientGone = new AbortController();
    const piped = stream.body.pipeTo(target.stream, { signal: clientGone.signal });
    stream.script.push({ kind: 'events', events: [event(1)] });
    await nextIoTurn();
    const reason = new DOMException('the client went away', 'AbortError');
    clientGone.abort(reason);
    await expect(piped).rejects.toBe(reason);
    expect(target.state.abortedWith).toBe(reason);
    expect(target.state.closed).toBe(false);
    expect(stream.abort.signal.aborted).toBe(true);
    expect(stream.script.state.returned).toBe(true);
    expect(stream.slot.released).toBe(true);
  });

  it('does not start a stream whose client was gone before it was piped', async () => {
    const stream = openStream();
    const target = destination();
    const piped = stream.body.pipeTo(target.stream, { signal: AbortSignal.abort() });
    await expect(piped).rejects.toThrow();
    expect(target.text()).toBe('');
    expect(stream.script.state.taken).toBe(0);
    expect(stream.slot.released).toBe(true);
  });

  it('cancels the platform stream when writing to the response fails', async () => {
    const stream = openStream();
    const piped = stream.body.pipeTo(destination({ failWritesAfter: 1 }).stream);
    stream.script.push({ kind: 'events', events: [event(1)] });
    await expect(piped).rejects.toThrow('the socket is gone');
    expect(stream.abort.signal.aborted).toBe(true);
    expect(stream.script.state.returned).toBe(true);
    expect(stream.slot.released).toBe(true);
  });

  it('aborts the response when the platform stream fails, so the client reconnects', async () => {
    const stream = openStream();
    const target = destination();
    const piped = stream.body.pipeTo(target.stream);
    await nextIoTurn();
    stream.script.fail(new Error('the database went away'));
    await expect(piped).rejects.toThrow('the database went away');
    expect(String(target.state.abortedWith)).toContain('the database went away');
    expect(target.state.closed).toBe(false);
    expect(stream.slot.released).toBe(true);
  });

  it('ends the response cleanly when the stream is ended from the server side (a revoked key)', async () => {
    const stream = openStream();
    const target = destination();
    const piped = stream.body.pipeTo(target.stream);
    stream.script.push({ kind: 'events', events: [event(1)] });
    await nextIoTurn();
    stream.abort.abort();
    await piped;
    expect(target.state).toEqual({ closed: true, abortedWith: undefined });
    expect(target.text()).toContain('id: 1\n');
    expect(stream.slot.released).toBe(true);
  });

  it('rejects at once when the client goes away while its writes are stuck (a socket that never drains)', async () => {
    const stream = openStream();
    const target = destination({ stallWrites: true });
    const clientGone = new AbortController();
    const piped = stream.body.pipeTo(target.stream, { signal: clientGone.signal });
    await nextIoTurn();
    clientGone.abort(new DOMException('the client went away', 'AbortError'));
    await expect(piped).rejects.toThrow('the client went away');
    expect(stream.abort.signal.aborted).toBe(true);
    expect(stream.slot.released).toBe(true);
  });

  it('leaves nothing listening on the response’s signal once the stream ended', async () => {
    const stream = openStream();
    stream.script.push({ kind: 'events', events: [event(1, 'run-finished')] });
    stream.script.finish();
    const responseSignal = new AbortController().signal;
    await stream.body.pipeTo(destination().stream, { signal: responseSignal });
    expect(getEventListeners(responseSignal, 'abort')).toHaveLength(0);
  });

  it('ends cleanly, without a failure, when the platform stream fails only because it was stopped', async () => {
    const stream = openStream();
    const target = destination();
    const piped = stream.body.pipeTo(target.stream);
    await nextIoTurn();
    stream.abort.abort();
    stream.script.fail(new Error('aborted while reading'));
    await piped;
    expect(target.state).toEqual({ closed: true, abortedWith: undefined });
  });

  it('refuses a pipe into a locked destination as pipeTo does, and stays readable', async () => {
    const stream = openStream();
    const target = destination();
    target.stream.getWriter();
    await expect(stream.body.pipeTo(target.stream)).rejects.toThrow(TypeError);
    expect(stream.body.locked).toBe(false);
    stream.abort.abort();
  });

  it('honours options the direct pipe does not implement by taking the generic one', async () => {
    const stream = openStream();
    stream.script.push({ kind: 'events', events: [event(1, 'run-finished')] });
    stream.script.finish();
    const target = destination();
    await stream.body.pipeTo(target.stream, { preventClose: true });
    expect(target.text()).toContain('"type":"run-finished"');
    expect(target.state.closed).toBe(false);
  });
});

describe('the event stream body, read by a reader', () => {
  afterEach(() => vi.restoreAllMocks());

  it('errors the read when the platform buffer overflowed, and releases everything', async () => {
    const stream = openStream();
    const reader = stream.body.getReader();
    await reader.read(); // the opening comment
    const pending = reader.read();
    await nextIoTurn();
    stream.overflow.abort();
    await expect(pending).rejects.toThrow(/the client fell behind/);
    expect(stream.slot.released).toBe(true);
    expect(stream.abort.signal.aborted).toBe(true);
    expect((await stream.script.items.next()).done).toBe(true);
  });

  it('reports a platform stream that overflowed as a client falling behind, not as a failure', async () => {
    const stream = openStream();
    const reader = stream.body.getReader();
    await reader.read();
    const pending = reader.read();
    await nextIoTurn();
    const info = vi.spyOn(consoleLogger, 'info').mockImplementation(() => {});
    const error = vi.spyOn(consoleLogger, 'error');
    stream.script.fail(new RunEventStreamOverflowError('run', 1_000));
    await expect(pending).rejects.toThrow(RunEventStreamOverflowError);
    expect(info).toHaveBeenCalledWith('test client fell behind; stream closed for it to resume');
    expect(error).not.toHaveBeenCalled();
    expect(stream.slot.released).toBe(true);
  });

  it('stops the platform stream when the reader cancels (the client went away)', async () => {
    const stream = openStream();
    const reader = stream.body.getReader();
    await reader.read();
    stream.script.push({ kind: 'events', events: [event(1)] });
    await reader.read();
    await reader.cancel();
    expect(stream.abort.signal.aborted).toBe(true);
    expect(stream.script.state.returned).toBe(true);
    expect(stream.slot.released).toBe(true);
  });

  it('errors the read when the platform stream fails, and releases the slot', async () => {
    const stream = openStream();
    const reader = stream.body.getReader();
    await reader.read();
    const pending = reader.read();
    await nextIoTurn();
    const error = vi.spyOn(consoleLogger, 'error').mockImplementation(() => {});
    stream.script.fail(new Error('the database went away'));
    await expect(pending).rejects.toThrow('the database went away');
    expect(error).toHaveBeenCalledWith('test stream failed', expect.objectContaining({ message: 'the database went away' }));
    expect(stream.slot.released).toBe(true);
  });
});
