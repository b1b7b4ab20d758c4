/** What the guard needs of a standard output stream: an emitter of `error`. */
export interface OutputStream {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Keeps a long-running process (console, worker) alive and idle when whatever read its stdout or stderr goes
 * away (a supervisor restarted, a pipe's reader exited). A write to a closed pipe fails with EPIPE as an
 * `error` event on the stream; with no listener that is an uncaught exception, which Next's handler logs — to
 * the same closed stderr, which fails again. Seen in the test suite: a console whose log pipe closed while it
 * shut down spun at 80 % CPU for as long as CI ran, its shutdown never getting a turn. Nothing can be logged
 * about an output that is gone, so its errors are dropped; the process goes on (and can still shut down).
 */
export function ignoreClosedOutput(streams: readonly OutputStream[]): void {
  for (const stream of streams) stream.on('error', () => undefined);
}
