/**
 * Receives Postgres notifications (`pg_notify`, delivered at commit). Notifications are wake-up
 * hints only: a subscriber must re-read the database, since any notification can be lost while a
 * connection is down — `onReconnected` tells subscribers when that may have happened.
 */
export interface NotificationListener {
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NotificationHandler {
  /** Must not throw: a throw is dropped here (see `deliverTo`), so handlers log their own failures. */
  onNotification(payload: string): void;
  /** Called after the listening connection was re-established; notifications may have been missed. */
  onReconnected?(): void;
}

/** Channel names are identifiers; we only use our own constants, but refuse anything else loudly. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
}

/**
 * Calls one handler. It runs inside the connection's event callback, where a throw would escape as an
 * uncaught exception and take the process down, and would also starve the handlers after it; so a
 * throwing handler is isolated (handlers own their error reporting — the executor's logs).
 */
export function deliverTo(handler: NotificationHandler, deliver: (handler: NotificationHandler) => void): void {
  try {
    deliver(handler);
  } catch {
    // Dropped on purpose: see above.
  }
}
