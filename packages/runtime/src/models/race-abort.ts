import { createAbortError } from './model-gateway-error';

/**
 * Settles with `work`, or rejects with an AbortError the moment `signal` aborts, even if the
 * underlying stream is slow to notice. The abandoned promise's rejection is swallowed.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal, model?: string): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(createAbortError(signal, model));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      work.catch(() => undefined);
      reject(createAbortError(signal, model));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
