import { AbortedError } from '../errors';

/** Throws `AbortedError` when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AbortedError(abortMessage(signal));
}

/**
 * Rejects with `AbortedError` as soon as the signal aborts, even if `work` ignores the signal.
 * `work` is already running when it is handed in, and once the abort wins nobody awaits it any
 * more: its later rejection (a tool or model call that throws on abort, a bus topic cancelled on
 * close) is observed here, or it would be an unhandled rejection that takes the process down.
 */
export async function raceWithAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  observeSettlement(work);
  throwIfAborted(signal);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new AbortedError(abortMessage(signal)));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Waits for `work` to settle, at most `graceMs`: `true` when it settled (either way), `false` when
 * it was still running. Never rejects; whatever `work` does later is observed and dropped.
 */
export async function settlesWithin(work: Promise<unknown>, graceMs: number): Promise<boolean> {
  observeSettlement(work);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  try {
    return await Promise.race([work.then(settled, settled), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Marks a promise's rejection as handled without changing what its other consumers see. */
function observeSettlement(work: Promise<unknown>): void {
  work.catch(() => undefined);
}

function settled(): true {
  return true;
}

/** The message an `AbortedError` carries for this signal's reason. */
export function abortMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  return typeof reason === 'string' ? reason : 'Run aborted';
}
