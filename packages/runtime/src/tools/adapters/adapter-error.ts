/**
 * Why an adapter refused or failed. `aborted` errors are named `AbortError` so callers that
 * follow the `fetch` convention recognise them.
 */
export type ToolAdapterErrorKind =
  'aborted' | 'url-refused' | 'invalid-arguments' | 'mcp-connection' | 'mcp-protocol' | 'mcp-tool' | 'http-request';

/** Every error the tool adapters throw on purpose. */
export class ToolAdapterError extends Error {
  /** Stable category for mapping the error once (result text, run status, logs). */
  readonly kind: ToolAdapterErrorKind;

  constructor(kind: ToolAdapterErrorKind, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = kind === 'aborted' ? 'AbortError' : 'ToolAdapterError';
    this.kind = kind;
  }
}

/** The error a handler rejects with once the run's signal aborted it. */
export function toolAbortedError(signal: AbortSignal, what: string): ToolAdapterError {
  const reason: unknown = signal.reason;
  const detail = reason instanceof Error ? `: ${reason.message}` : '';
  return new ToolAdapterError('aborted', `${what} aborted${detail}`, { cause: reason });
}
