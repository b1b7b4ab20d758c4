import { AbortedError } from '../errors';

/** Throws `AbortedError` when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AbortedError(abortMessage(signal));
}

/** Rejects with `AbortedError` as soon as the signal aborts, even if `work` ignores the signal. */
export async function raceWithAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
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

function abortMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  return typeof reason === 'string' ? reason : 'Run aborted';
}
